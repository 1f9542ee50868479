import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './Toast.tsx';
import { createToastStore } from './toast-store.ts';

function renderWithStore() {
  const store = createToastStore();
  render(<ToastProvider store={store} label="Notifications" dismissLabel="Dismiss" />);
  return store;
}

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts errors in an assertive live region and success in a polite one, inside a named region', () => {
    const store = renderWithStore();
    act(() => {
      store.error('Network error. Please try again later.');
      store.success('Copied');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    const [assertive, polite] = within(region).getAllByRole('list');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(assertive).toHaveTextContent('Network error. Please try again later.');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(polite).toHaveTextContent('Copied');
  });

  it('disappears after its duration, and showing the same text again restarts the timer instead of stacking', () => {
    const store = renderWithStore();
    act(() => {
      store.error('Network error');
    });
    act(() => {
      vi.advanceTimersByTime(5000);
      store.error('Network error');
    });
    expect(screen.getAllByText('Network error')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText('Network error')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Network error')).toBeNull();
  });

  it('pauses while hovered and can be dismissed', () => {
    const store = renderWithStore();
    act(() => {
      store.success('Saved', { duration: 1000 });
    });
    fireEvent.mouseEnter(screen.getByText('Saved'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('useToast reaches the provider store from components', () => {
    const store = createToastStore();
    function Save() {
      const toast = useToast();
      return (
        <button type="button" onClick={() => toast.success('Saved')}>
          Save
        </button>
      );
    }
    render(
      <ToastProvider store={store} label="Notifications" dismissLabel="Dismiss">
        <Save />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(store.getState().map((item) => item.message)).toEqual(['Saved']);
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});

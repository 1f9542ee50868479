import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';
import { CopyButton } from './CopyButton.tsx';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CopyButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("writes the text, says 'copied' for 3 s, then goes back", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const onCopy = vi.fn();
    render(
      <CopyButton
        text="https://nimbus.test/r/AB12"
        label="Copy link"
        copiedLabel="Copied"
        onCopy={onCopy}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://nimbus.test/r/AB12');
    expect(onCopy).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copy link');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a second copy restarts the 3 s', async () => {
    stubClipboard(() => Promise.resolve());
    render(<CopyButton text="x" label="Copy" copiedLabel="Copied" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('shows the failed label when the browser refuses', async () => {
    render(
      <CopyButton
        text="x"
        label="Copy"
        copiedLabel="Copied"
        failedLabel="Copy failed"
        copy={() => Promise.resolve(false)}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copy failed');
  });
});

describe('copyText', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('falls back to a selected textarea and execCommand when the Clipboard API is refused', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    let selected = '';
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: (command: string) => {
        const active = document.activeElement as HTMLTextAreaElement;
        selected = active.value.slice(active.selectionStart, active.selectionEnd);
        return command === 'copy';
      },
    });
    const focused = document.createElement('button');
    document.body.append(focused);
    focused.focus();
    await expect(copyText('secret-link')).resolves.toBe(true);
    expect(selected).toBe('secret-link');
    expect(document.querySelector('textarea')).toBeNull();
    expect(focused).toHaveFocus();
    focused.remove();
  });

  it('reports failure when no way to copy exists', async () => {
    await expect(copyText('x')).resolves.toBe(false);
  });
});

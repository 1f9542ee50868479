import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner.tsx';

describe('Spinner', () => {
  it('is a status announced with its label', () => {
    render(<Spinner label="Loading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('hides the decorative circle from assistive technology', () => {
    const { container } = render(<Spinner label="Loading" />);
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});

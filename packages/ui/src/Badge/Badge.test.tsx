import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, StatusTag } from './Badge.tsx';

describe('Badge and StatusTag', () => {
  it('carry their meaning in text; the status dot is hidden decoration', () => {
    const { container } = render(
      <>
        <Badge tone="success">Save 40%</Badge>
        <StatusTag tone="success">Paid</StatusTag>
      </>,
    );
    expect(screen.getByText('Save 40%')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
  });

  it('tones change the class, so each tone looks different', () => {
    render(
      <>
        <Badge tone="success">a</Badge>
        <Badge tone="danger">b</Badge>
      </>,
    );
    expect(screen.getByText('a').className).not.toBe(screen.getByText('b').className);
  });
});

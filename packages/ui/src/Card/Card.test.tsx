import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card.tsx';

describe('Card', () => {
  it('with a title is a region named by its heading', () => {
    render(
      <Card title="Devices" titleLevel={3}>
        content
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Devices' })).toHaveTextContent('content');
    expect(screen.getByRole('heading', { level: 3, name: 'Devices' })).toBeInTheDocument();
  });

  it('without a title is not a landmark', () => {
    render(<Card as="div">content</Card>);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

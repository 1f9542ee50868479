import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QRCode } from './QRCode.tsx';

describe('QRCode', () => {
  it('is a named image', () => {
    render(<QRCode value="https://nimbus.test/sub/abc" label="Subscription QR code" size={128} />);
    const image = screen.getByRole('img', { name: 'Subscription QR code' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveAttribute('width', '128');
  });

  it('encodes different values differently', () => {
    const { container: a } = render(<QRCode value="https://a.test" label="a" />);
    const { container: b } = render(<QRCode value="https://b.test/longer" label="b" />);
    const path = (root: HTMLElement) => root.querySelectorAll('path')[1]?.getAttribute('d');
    expect(path(a)).toBeTruthy();
    expect(path(a)).not.toBe(path(b));
  });
});

import { QRCodeSVG } from 'qrcode.react';
import { clsx } from 'clsx';
import * as styles from './QRCode.css.ts';

export interface QRCodeProps {
  /** What the code encodes, e.g. a subscription or download link. */
  value: string;
  /** What the image is, for screen readers, e.g. "QR code of your subscription link". */
  label: string;
  /** Side in CSS pixels. */
  size?: number;
  /** Error correction; higher survives a logo or a blurry camera, at the cost of density. */
  level?: 'L' | 'M' | 'Q' | 'H';
  className?: string;
}

/**
 * A QR code as an image with a name; always dark on white with a quiet zone, so cameras read it in
 * any theme.
 */
export function QRCode({ value, label, size = 160, level = 'M', className }: QRCodeProps) {
  return (
    <span className={clsx(styles.frame, className)}>
      <QRCodeSVG
        value={value}
        size={size}
        level={level}
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#0b1437"
        role="img"
        aria-label={label}
        title={label}
      />
    </span>
  );
}

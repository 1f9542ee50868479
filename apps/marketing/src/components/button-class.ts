import { linkButtonBase, linkButtonSizes, linkButtonVariants } from './button-class.css.ts';

/** Class names for a link that looks like the kit's button (it navigates, so it stays a link). */
export function button(
  variant: keyof typeof linkButtonVariants = 'primary',
  size: keyof typeof linkButtonSizes = 'md',
): string {
  return `${linkButtonBase} ${linkButtonVariants[variant]} ${linkButtonSizes[size]}`;
}

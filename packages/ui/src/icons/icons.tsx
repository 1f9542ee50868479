import type { ComponentPropsWithRef } from 'react';

/**
 * Decorative line icons (24-unit grid, 1em square, currentColor). Always hidden from assistive
 * technology.
 */
type IconProps = Omit<ComponentPropsWithRef<'svg'>, 'children'>;

function Icon({ d, ...rest }: IconProps & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export const EyeIcon = (props: IconProps) => (
  <Icon
    {...props}
    d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
  />
);
export const EyeOffIcon = (props: IconProps) => (
  <Icon
    {...props}
    d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6"
  />
);
export const CopyIcon = (props: IconProps) => <Icon {...props} d="M9 9h11v11H9zM5 15H4V4h11v1" />;
export const CheckIcon = (props: IconProps) => <Icon {...props} d="M4 12l5 5L20 6" />;
export const ChevronDownIcon = (props: IconProps) => <Icon {...props} d="M6 9l6 6 6-6" />;
export const ChevronLeftIcon = (props: IconProps) => <Icon {...props} d="M15 6l-6 6 6 6" />;
export const ChevronRightIcon = (props: IconProps) => <Icon {...props} d="M9 6l6 6-6 6" />;
export const MenuIcon = (props: IconProps) => <Icon {...props} d="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = (props: IconProps) => <Icon {...props} d="M6 6l12 12M18 6L6 18" />;
export const GlobeIcon = (props: IconProps) => (
  <Icon
    {...props}
    d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20ZM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"
  />
);
export const AlertIcon = (props: IconProps) => (
  <Icon {...props} d="M12 8v5m0 3.5v.5M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Z" />
);
export const EditIcon = (props: IconProps) => (
  <Icon {...props} d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
);
export const ShieldIcon = (props: IconProps) => (
  <Icon {...props} d="M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5l8-3Zm-3 10l2 2 4-4" />
);

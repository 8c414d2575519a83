// Inline SVG icons (shell, error boxes): no icon font, no extra request. Decorative unless labelled.
import { createElement, type ReactElement, type ReactNode } from 'react';

interface IconProps {
  size?: number;
  label?: string;
  className?: string;
}

function Svg({ size = 24, label, className, children }: IconProps & { children?: ReactNode }) {
  return (
    <svg
      className={className ?? 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An icon from its shapes (each a circle or path on the shared 24×24 grid). */
function icon(...shapes: ReactElement[]) {
  return (props: IconProps) => createElement(Svg, props, ...shapes);
}

/** The circle around the info, error and person icons. */
const RING = <circle cx="12" cy="12" r="10" />;

export const InfoIcon = icon(RING, <path d="M12 16v-4M12 8h.01" />);

export const ErrorIcon = icon(RING, <path d="m15 9-6 6M9 9l6 6" />);

export const CircleUserIcon = icon(
  RING,
  <circle cx="12" cy="10" r="3" />,
  <path d="M7 20.662V19a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v1.662" />,
);

export const SearchIcon = icon(<circle cx="11" cy="11" r="8" />, <path d="m21 21-4.3-4.3" />);

export const PhoneIcon = icon(
  <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z" />,
);

export const PinIcon = icon(
  <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />,
  <circle cx="12" cy="10" r="3" />,
);

export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);

export const CameraIcon = icon(
  <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3z" />,
  <circle cx="12" cy="13" r="3" />,
);

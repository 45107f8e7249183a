import type { ReactNode } from 'react';

const SIZES = { xs: 'px-2 py-0.5 text-xs', sm: 'px-3 py-0.5', md: 'px-3 py-1' } as const;

// Each pair keeps its text at 4.5:1 or more on its own background, light and dark.
const TONES = {
  neutral: 'bg-cacao-100 text-cacao-800 dark:bg-cacao-800 dark:text-cacao-100',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  inProgress: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  done: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
} as const;

export type BadgeTone = keyof typeof TONES;

type Props = {
  /** xs: inside a list row; sm and md: next to a title. */
  size?: keyof typeof SIZES;
  /** A colour that groups labels (e.g. order statuses); the text stays the primary signal. */
  tone?: BadgeTone;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
};

/** A short label in a pill, e.g. an order's status. */
export function Badge({ size = 'md', tone = 'neutral', className, children, ...rest }: Props) {
  return (
    <span
      className={`rounded-full font-semibold ${TONES[tone]} ${SIZES[size]} ${className ?? ''}`}
      {...rest}
    >
      {children}
    </span>
  );
}

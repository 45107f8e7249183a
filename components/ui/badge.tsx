import type { ReactNode } from 'react';

const SIZES = { xs: 'px-2 py-0.5 text-xs', sm: 'px-3 py-0.5', md: 'px-3 py-1' } as const;

type Props = {
  /** xs: inside a list row; sm and md: next to a title. */
  size?: keyof typeof SIZES;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
};

/** A short label in a pill, e.g. an order's status. */
export function Badge({ size = 'md', className, children, ...rest }: Props) {
  return (
    <span
      className={`rounded-full bg-cacao-100 font-semibold text-cacao-800 dark:bg-cacao-800 dark:text-cacao-100 ${SIZES[size]} ${className ?? ''}`}
      {...rest}
    >
      {children}
    </span>
  );
}

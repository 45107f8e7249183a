import type { ReactNode } from 'react';

/** error: something failed or must be fixed; success: it worked; info: what happens next. */
export type NoticeTone = 'error' | 'success' | 'info';
/** md: inside a page's flow (checkout); sm: inside a small panel (user tab, control panel). */
export type NoticeSize = 'md' | 'sm';

const TONES: Record<NoticeTone, string> = {
  error: 'bg-red-50 font-medium text-red-800 dark:bg-red-950 dark:text-red-100',
  success: 'bg-emerald-50 font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'bg-gold-400/15 text-cacao-800 dark:text-cacao-100',
};

// An information reads as a calm block; errors and successes as tighter bars.
const SIZES: Record<NoticeSize, Record<NoticeTone, string>> = {
  md: { error: 'rounded-xl px-4 py-3', success: 'rounded-xl px-4 py-3', info: 'rounded-2xl p-4' },
  sm: {
    error: 'rounded-xl px-3 py-2 text-sm',
    success: 'rounded-xl px-3 py-2 text-sm',
    info: 'rounded-xl px-3 py-2 text-sm',
  },
};

export function noticeClass(tone: NoticeTone, size: NoticeSize = 'md', className?: string) {
  return [SIZES[size][tone], TONES[tone], className].filter(Boolean).join(' ');
}

type Props = {
  tone: NoticeTone;
  size?: NoticeSize;
  /** 'alert' for a message that appears after an action and must be announced. */
  role?: 'alert' | 'status' | 'note';
  as?: 'p' | 'div' | 'ul';
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
};

/** A coloured message box: an error, a success or a piece of information. */
export function Notice({ tone, size, as: Tag = 'p', className, children, ...rest }: Props) {
  return (
    <Tag className={noticeClass(tone, size, className)} {...rest}>
      {children}
    </Tag>
  );
}

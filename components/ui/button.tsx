import type { ButtonHTMLAttributes } from 'react';

/**
 * primary: the one main action of a screen; secondary: the others; danger: an action that undoes
 * or cancels something; whatsapp: the chat link (the messaging app's green).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'whatsapp';
/** lg: checkout's main action; md: the shop's default; sm: the control panel; xs: inline edits. */
export type ButtonSize = 'lg' | 'md' | 'sm' | 'xs';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-cacao-700 text-cacao-50 hover:bg-cacao-800 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500',
  secondary:
    'border border-cacao-300 text-cacao-800 hover:bg-cacao-100 dark:border-cacao-700 dark:text-cacao-100 dark:hover:bg-cacao-900',
  danger:
    'border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
  whatsapp: 'bg-leaf-600 text-white hover:bg-leaf-600/90',
};

const SIZES: Record<ButtonSize, string> = {
  lg: 'px-6 py-3',
  md: 'px-5 py-2.5',
  sm: 'px-4 py-2 text-sm',
  xs: 'shrink-0 px-3 py-1 text-sm',
};

export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/**
 * The classes of a button, for elements that must stay what they are but look like a button:
 * a `Link` (to another page) or a form's submit inside a server component.
 */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ');
}

type Props = ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>;

/** A `<button>` (type 'button' unless told) in one of the shop's variants and sizes. */
export function Button({ variant, size, className, type = 'button', ...props }: Props) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

'use client';

import type { InputHTMLAttributes } from 'react';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown under the field; announced with it. */
  hint?: string;
  /** The localized problem, shown once the field was left or the form sent. */
  error?: string;
  required?: boolean;
  className?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'autoComplete' | 'maxLength'
>;

/** A labelled input with its hint and inline error, tied together for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  required,
  className,
  type = 'text',
  ...inputProps
}: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={`w-full rounded-xl border bg-white px-3 py-2 text-cacao-950 placeholder:text-cacao-400 dark:bg-cacao-900 dark:text-cacao-50 ${
          error ? 'border-red-600 dark:border-red-400' : 'border-cacao-300 dark:border-cacao-700'
        }`}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-cacao-600 dark:text-cacao-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

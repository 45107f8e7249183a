import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

const INPUT_BASE =
  'rounded-xl border bg-white px-3 py-2 text-cacao-950 placeholder:text-muted dark:bg-cacao-900 dark:text-cacao-50';
// The border is what shows where a field is: 3:1 or more against the field and the page.
const BORDER = 'border-cacao-400 dark:border-cacao-500';
const ERROR_BORDER = 'border-red-600 dark:border-red-400';

/**
 * The look of every text input and select of the shop (without its width), for a control whose
 * label is elsewhere (a table's column header, an inline edit).
 */
export const inputClass = `${INPUT_BASE} ${BORDER}`;

/** md: checkout's fields; sm: the smaller labels of the user tab and the control panel. */
type FieldSize = 'md' | 'sm';
const LABEL: Record<FieldSize, string> = { md: 'font-medium', sm: 'text-sm font-medium' };

type FieldProps = {
  id: string;
  label: string;
  /** Shown under the field; announced with it. */
  hint?: string;
  /** The localized problem, shown once the field was left or the form sent. */
  error?: string;
  /**
   * A live line under the field (role=status), announced when it changes: what a lookup made of
   * the value. '' keeps the region in place, empty; undefined renders none.
   */
  status?: string;
  size?: FieldSize;
  /** Classes of the wrapper (grid spans, widths). */
  className?: string;
};

type TextFieldProps = FieldProps & {
  /**
   * Controlled fields get the new text (and the input, e.g. to keep the caret where it was after
   * formatting); server-rendered forms leave it out and use `name`.
   */
  onChange?: (value: string, input: HTMLInputElement) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'onChange' | 'className'>;

/** Label, hint and error tied to the control for screen readers. */
function Field({
  id,
  label,
  hint,
  error,
  status,
  size = 'md',
  className,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className={LABEL[size]}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-cacao-600 dark:text-cacao-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {status !== undefined ? (
        <p
          id={`${id}-status`}
          role="status"
          className="dark:text-gold-300 text-sm font-medium text-cacao-800 empty:hidden"
        >
          {status}
        </p>
      ) : null}
    </div>
  );
}

/** A control's link to its hint and error (Field renders them with these ids). */
function fieldAria(id: string, hint?: string, error?: string, status?: string) {
  const describedBy = [
    hint ? `${id}-hint` : null,
    error ? `${id}-error` : null,
    status ? `${id}-status` : null,
  ].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy.join(' ') || undefined,
  };
}

/** A labelled input with its hint and inline error. */
export function TextField({
  id,
  label,
  hint,
  error,
  status,
  size,
  className,
  onChange,
  type = 'text',
  name,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      status={status}
      size={size}
      className={className}
    >
      <input
        id={id}
        name={name ?? id}
        type={type}
        {...fieldAria(id, hint, error, status)}
        onChange={onChange ? (event) => onChange(event.target.value, event.target) : undefined}
        className={`w-full ${INPUT_BASE} ${error ? ERROR_BORDER : BORDER}`}
        {...inputProps}
      />
    </Field>
  );
}

type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'size' | 'className'>;

/** A labelled select, looking like the text fields next to it. */
export function SelectField({
  id,
  label,
  hint,
  error,
  size,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} size={size} className={className}>
      <select
        id={id}
        {...fieldAria(id, hint, error)}
        className={`${INPUT_BASE} ${error ? ERROR_BORDER : BORDER}`}
        {...selectProps}
      >
        {children}
      </select>
    </Field>
  );
}

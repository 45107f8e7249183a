import { formatCepInput } from '@/lib/brazil';

/**
 * The text of a CEP input as typed, formatted ('22041001' -> '22041-001', lib/brazil.ts). Writing
 * it into the input (React for a controlled one, the caller for an uncontrolled one) puts the
 * caret at the end: an edit in the middle
 * keeps it after the same digits instead.
 */
export function typedCep(input: HTMLInputElement): string {
  const raw = input.value;
  const formatted = formatCepInput(raw);
  const caret = input.selectionStart;
  if (caret === null || caret >= raw.length || formatted === raw) return formatted;
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(formatted[position]!)) seen += 1;
  }
  // After the new value is written.
  requestAnimationFrame(() => {
    if (document.activeElement === input) input.setSelectionRange(position, position);
  });
  return formatted;
}

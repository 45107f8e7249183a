// Brazilian document, postal code and phone checks, pure: the checkout form (browser) and the
// checkout schema (server) use the same ones, so both refuse exactly the same values.

const CEP_PATTERN = /^\d{5}-?\d{3}$/;
const CPF_PATTERN = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;
// Digits plus the formatting people type: +55 (11) 91234-5678, 11 3456.7890.
const PHONE_PATTERN = /^\+?[\d\s().-]{10,25}$/;

/** The CEP as 12345-678, or null when it is not a valid CEP. */
export function normalizeCep(value: string): string | null {
  const trimmed = value.trim();
  if (!CEP_PATTERN.test(trimmed)) return null;
  const digits = trimmed.replace('-', '');
  // 00000-000 is the classic placeholder, never a real address.
  if (/^0+$/.test(digits)) return null;
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

function cpfCheckDigit(digits: readonly number[]): number {
  // Weights run from length+1 down to 2 (10..2 for the first digit, 11..2 for the second).
  const sum = digits.reduce(
    (total, digit, index) => total + digit * (digits.length + 1 - index),
    0,
  );
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** The CPF as 123.456.789-09, or null unless it has 11 digits and both check digits are right. */
export function normalizeCpf(value: string): string | null {
  const trimmed = value.trim();
  if (!CPF_PATTERN.test(trimmed)) return null;
  const digits = [...trimmed.replace(/\D/g, '')].map(Number);
  // 000.000.000-00, 111.111.111-11 ... pass the check-digit arithmetic but are not CPFs.
  if (digits.every((digit) => digit === digits[0])) return null;
  if (cpfCheckDigit(digits.slice(0, 9)) !== digits[9]) return null;
  if (cpfCheckDigit(digits.slice(0, 10)) !== digits[10]) return null;
  const text = digits.join('');
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

/**
 * A Brazilian phone number as its 10 (landline) or 11 (mobile) digits, area code first, or null.
 * Formatting and a leading +55 country code are accepted and stripped.
 */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!PHONE_PATTERN.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if (digits.length !== 10 && digits.length !== 11) return null;
  // Area codes (DDD) are 11..99 without a zero digit; mobile numbers (11 digits) start with 9.
  if (!/^[1-9]{2}/.test(digits)) return null;
  if (digits.length === 11 && digits[2] !== '9') return null;
  return digits;
}

/**
 * How the shop shows a phone number, everywhere: '+55 11 91234-5678' (mobile) or
 * '+55 11 3456-7890' (landline). Text that is not a Brazilian number is shown as it was typed.
 */
export function formatPhone(value: string): string {
  const digits = normalizePhone(value);
  if (!digits) return value.trim();
  const area = digits.slice(0, 2);
  const local = digits.slice(2);
  const split = local.length - 4;
  return `+55 ${area} ${local.slice(0, split)}-${local.slice(split)}`;
}

/** The CEP's 8 digits ('01310-100' -> '01310100'), or null when it is not a valid CEP. */
export function cepDigits(value: string): string | null {
  return normalizeCep(value)?.replace('-', '') ?? null;
}

/**
 * A CEP as it is being typed: its digits only (at most 8), with the hyphen once there are more
 * than five ('22041001' -> '22041-001', '220410' -> '22041-0'), so eight digits typed without
 * the hyphen get it.
 */
export function formatCepInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

// The checkout form's own rules, pure and browser-safe: what the shopper typed -> field errors
// (message keys under "Checkout.errors") and the CheckoutInput that POST /api/orders takes. The
// server checks everything again (checkout-schema.ts); this only lets the form explain problems
// field by field before a round trip.
import { normalizeCep, normalizeCpf, normalizePhone } from '@/lib/brazil';
import { normalizeUf } from '@/lib/brazil-ufs';
import type { AppLocale } from '@/lib/i18n/locales';
import { editableAddress } from '@/lib/users/profile-edit';
import type { Address } from '@/lib/users/types';

import type { CheckoutInput } from './checkout-schema';
import { CHECKOUT_LIMITS, GIFT_MESSAGE_MAX_LENGTH, HOLD_LIMITS } from './limits';
import type { ShippingOption } from './types';

export type CheckoutFormValues = {
  shippingOption: ShippingOption;
  /** Bairro and Estado always present in the form ('' until filled in). */
  address: Required<Address>;
  telephone: string;
  cpf: string;
  /** Keep the address (delivery) and telephone in the user's profile with the order. */
  saveToProfile: boolean;
  /** The gift card's message; '' for none (a draft from before it existed has none). */
  giftMessage?: string;
  /** Who receives the order: the shopper's own name to start with, another for a gift. */
  recipientName: string;
  /**
   * The shopper's own full name, asked only of an account without one (saved to the profile
   * with the order); absent when the profile has a name.
   */
  accountName?: string;
};

export type CheckoutField =
  keyof Address | 'accountName' | 'recipientName' | 'telephone' | 'cpf' | 'giftMessage';

/** Keys under "Checkout.errors". */
export type CheckoutFieldError =
  'required' | 'tooLong' | 'postalCode' | 'telephone' | 'cpf' | 'state' | 'giftMessageTooLong';

export type CheckoutFormErrors = Partial<Record<CheckoutField, CheckoutFieldError>>;

/** The fields in the order the form shows them (the first invalid one gets the focus). */
export const CHECKOUT_FIELDS: readonly CheckoutField[] = [
  'postalCode',
  'street',
  'number',
  'extra',
  'neighborhood',
  'city',
  'state',
  'accountName',
  'recipientName',
  'telephone',
  'cpf',
  'giftMessage',
];

const ADDRESS_REQUIRED: readonly (keyof Address)[] = [
  'street',
  'number',
  'city',
  'postalCode',
  'neighborhood',
  'state',
];

/**
 * The saved address as the form's starting values. A new account holds placeholders ('No
 * street', ...; lib/users/profile-edit.ts): those start empty rather than being sent as a real
 * address.
 */
export function prefillAddress(saved: Address | null | undefined): Required<Address> {
  const address = editableAddress(saved);
  return {
    street: address.street.trim(),
    number: address.number.trim(),
    extra: address.extra.trim(),
    city: address.city.trim(),
    postalCode: address.postalCode.trim(),
    neighborhood: address.neighborhood.trim(),
    // A saved UF that is not one of the 27 starts empty: the select could not show it.
    state: normalizeUf(address.state) ?? '',
  };
}

function textError(value: string, required: boolean): CheckoutFieldError | undefined {
  const trimmed = value.trim();
  if (required && trimmed === '') return 'required';
  if (trimmed.length > CHECKOUT_LIMITS.maxTextLength) return 'tooLong';
  return undefined;
}

/** Every field problem of the form; an empty object when it can be sent. */
export function validateCheckoutForm(values: CheckoutFormValues): CheckoutFormErrors {
  const errors: CheckoutFormErrors = {};
  if (values.shippingOption === 'Entrega') {
    for (const name of [
      'street',
      'number',
      'extra',
      'city',
      'postalCode',
      'neighborhood',
      'state',
    ] as const) {
      const error = textError(values.address[name], ADDRESS_REQUIRED.includes(name));
      if (error) errors[name] = error;
    }
    if (!errors.postalCode && normalizeCep(values.address.postalCode) === null) {
      errors.postalCode = 'postalCode';
    }
    if (!errors.state && normalizeUf(values.address.state) === null) errors.state = 'state';
  }
  if (values.accountName !== undefined) {
    const error = textError(values.accountName, true);
    if (error) errors.accountName = error;
  }
  const recipientError = textError(values.recipientName, true);
  if (recipientError) errors.recipientName = recipientError;
  if (values.telephone.trim() === '') errors.telephone = 'required';
  else if (normalizePhone(values.telephone) === null) errors.telephone = 'telephone';
  // The CPF is optional: only a filled-in one is checked (check digits included).
  if (values.cpf.trim() !== '' && normalizeCpf(values.cpf) === null) errors.cpf = 'cpf';
  if (giftMessageOf(values).length > GIFT_MESSAGE_MAX_LENGTH) {
    errors.giftMessage = 'giftMessageTooLong';
  }
  return errors;
}

export function firstInvalidField(errors: CheckoutFormErrors): CheckoutField | undefined {
  return CHECKOUT_FIELDS.find((field) => errors[field] !== undefined);
}

/** A cart line as the checkout needs it. */
export type CheckoutCartLine = { id: string; quantity: number };

/** Why the cart cannot be sent as it is (the server would refuse it as 'invalid'). */
export type CartProblem =
  | { kind: 'tooMany'; key: string; max: number }
  | { kind: 'tooManyUnits'; max: number }
  | { kind: 'tooManyLines'; max: number };

/** Lines of the same product (any variant) count as one line, as the server sees them. */
function mergeLines(lines: readonly CheckoutCartLine[]): CheckoutCartLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.id, (merged.get(line.id) ?? 0) + line.quantity);
  return [...merged].map(([id, quantity]) => ({ id, quantity }));
}

export function cartProblems(lines: readonly CheckoutCartLine[]): CartProblem[] {
  const merged = mergeLines(lines);
  // The fair-stock limits of one account (the server also counts the account's open orders).
  const problems: CartProblem[] = merged
    .filter((line) => line.quantity > HOLD_LIMITS.perProduct)
    .map((line) => ({ kind: 'tooMany', key: line.id, max: HOLD_LIMITS.perProduct }));
  if (merged.reduce((sum, line) => sum + line.quantity, 0) > HOLD_LIMITS.total) {
    problems.push({ kind: 'tooManyUnits', max: HOLD_LIMITS.total });
  }
  if (merged.length > CHECKOUT_LIMITS.maxLines) {
    problems.push({ kind: 'tooManyLines', max: CHECKOUT_LIMITS.maxLines });
  }
  return problems;
}

/** The body of POST /api/orders: product keys and quantities only (prices come from the server). */
export function toCheckoutInput({
  orderId,
  lines,
  values,
  locale,
}: {
  orderId: string;
  lines: readonly CheckoutCartLine[];
  values: CheckoutFormValues;
  locale: AppLocale;
}): CheckoutInput {
  const cpf = values.cpf.trim();
  const { address } = values;
  return {
    orderId,
    lines: mergeLines(lines).map(({ id, quantity }) => ({ key: id, quantity })),
    shippingOption: values.shippingOption,
    ...(values.shippingOption === 'Entrega'
      ? {
          address: {
            street: address.street.trim(),
            number: address.number.trim(),
            extra: address.extra.trim(),
            city: address.city.trim(),
            postalCode: normalizeCep(address.postalCode) ?? address.postalCode.trim(),
            neighborhood: address.neighborhood.trim(),
            state: normalizeUf(address.state) ?? address.state.trim(),
          },
        }
      : {}),
    telephone: values.telephone.trim(),
    ...(values.recipientName.trim() ? { recipientName: values.recipientName.trim() } : {}),
    ...(cpf ? { cpf } : {}),
    ...(values.saveToProfile ? { saveToProfile: true } : {}),
    locale,
    ...(giftMessageOf(values) ? { giftMessage: giftMessageOf(values) } : {}),
  };
}

/** The gift card's message as it is sent: trimmed, '' for none. */
export function giftMessageOf(values: Pick<CheckoutFormValues, 'giftMessage'>): string {
  return values.giftMessage?.trim() ?? '';
}

// The address line of summaries, e-mails and the CSV, for the checkout's components.
export { formatAddress } from '@/lib/users/format-address';

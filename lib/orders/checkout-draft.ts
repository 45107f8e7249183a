// The checkout in progress in this browser tab, kept in sessionStorage so that a reload keeps what
// was typed, the receiving choice, the chosen day and the order reference. sessionStorage, never
// localStorage: it belongs to the one tab and is gone when the tab closes; the draft is also
// dropped as soon as the order is placed. The CPF is never written to any storage: it stays in
// the page's memory, and a reload asks for it again.
import { ADDRESS_FIELDS, LATER_ADDRESS_FIELDS, type Address } from '@/lib/users/types';

import type { CheckoutFormValues } from './checkout-form';
import { CHECKOUT_LIMITS, GIFT_MESSAGE_MAX_LENGTH, ORDER_ID_PATTERN } from './limits';

export const CHECKOUT_DRAFT_KEY = 'chocolates-tropicais-checkout';

export type CheckoutDraft = {
  /** The order reference this tab's checkout shows (the id the order is placed under). */
  orderId?: string;
  /** Whose form `values` are: another account signed in in this tab starts from its own. */
  uid?: string;
  /** Everything typed but the CPF, which is never stored (read back as ''). */
  values?: CheckoutFormValues;
  /** The delivery or pick-up day the shopper chose, 'yyyy-mm-dd' (offered again if still open). */
  day?: string;
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= CHECKOUT_LIMITS.maxTextLength;

/** The stored form values, checked field by field (no zod: this runs in the checkout's bundle). */
function readValues(stored: unknown): CheckoutFormValues | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const {
    shippingOption,
    address,
    telephone,
    saveToProfile,
    giftMessage,
    recipientName,
    accountName,
  } = stored as Record<string, unknown>;
  if (shippingOption !== 'Entrega' && shippingOption !== 'Retirada') return undefined;
  if (!isText(telephone) || typeof saveToProfile !== 'boolean') return undefined;
  if (typeof address !== 'object' || address === null) return undefined;
  const fields = address as Record<string, unknown>;
  const checked = {} as Required<Address>;
  for (const field of ADDRESS_FIELDS) {
    const value = fields[field];
    // A draft saved before bairro and UF existed is still this tab's draft.
    if (value === undefined && LATER_ADDRESS_FIELDS.includes(field)) checked[field] = '';
    else if (!isText(value)) return undefined;
    else checked[field] = value;
  }
  const values: CheckoutFormValues = {
    shippingOption,
    address: checked,
    telephone,
    // Never stored, and never read back from a draft that an older page stored it in.
    cpf: '',
    saveToProfile,
    // A draft from before the recipient's name: the form starts it from the profile.
    recipientName: isText(recipientName) ? recipientName : '',
  };
  if (isText(accountName)) values.accountName = accountName;
  if (typeof giftMessage === 'string' && giftMessage.length <= GIFT_MESSAGE_MAX_LENGTH) {
    values.giftMessage = giftMessage;
  }
  return values;
}

function readDraft(stored: unknown): CheckoutDraft {
  if (typeof stored !== 'object' || stored === null) return {};
  const { orderId, uid, values, day } = stored as Record<string, unknown>;
  const draft: CheckoutDraft = {};
  if (typeof orderId === 'string' && ORDER_ID_PATTERN.test(orderId)) draft.orderId = orderId;
  if (typeof uid === 'string' && uid.length <= 128) draft.uid = uid;
  const checked = readValues(values);
  if (checked) draft.values = checked;
  if (typeof day === 'string' && DAY_PATTERN.test(day)) draft.day = day;
  return draft;
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: the checkout works, without a draft.
    return null;
  }
}

/** This tab's draft; an empty one when there is none or it cannot be read. */
export function readCheckoutDraft(): CheckoutDraft {
  try {
    const raw = tabStorage()?.getItem(CHECKOUT_DRAFT_KEY);
    if (!raw) return {};
    return readDraft(JSON.parse(raw));
  } catch {
    return {};
  }
}

/** What is written of the form's values: all of them but the CPF. */
function storedValues(values: CheckoutFormValues): Omit<CheckoutFormValues, 'cpf'> {
  const kept: Partial<CheckoutFormValues> = { ...values };
  delete kept.cpf;
  return kept as Omit<CheckoutFormValues, 'cpf'>;
}

/** Merges `patch` into this tab's draft (quietly nothing when storage refuses). */
export function saveCheckoutDraft(patch: CheckoutDraft): void {
  try {
    const draft = { ...readCheckoutDraft(), ...patch };
    const stored = { ...draft, ...(draft.values ? { values: storedValues(draft.values) } : {}) };
    tabStorage()?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(stored));
  } catch {
    // Full or blocked storage: the draft is a convenience, the checkout goes on without it.
  }
}

/** Forgets this tab's draft: the order was placed (or the cart emptied). */
export function clearCheckoutDraft(): void {
  try {
    tabStorage()?.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // Nothing to do: a draft that cannot be removed cannot be read either.
  }
}

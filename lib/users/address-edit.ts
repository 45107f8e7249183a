// Pure helpers of the address form: which fields differ from the saved address, and whether a
// draft can be sent (the server's rules: every field 1-120 characters, the postal code up to 20).
import { ADDRESS_FIELDS, type Address } from './types';

export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The order the form shows the fields in: street, number, complement, city, CEP. */
export const ADDRESS_FORM_FIELDS: readonly AddressField[] = [
  'street',
  'number',
  'extra',
  'city',
  'postalCode',
];

export const ADDRESS_MAX_LENGTH: Readonly<Record<AddressField, number>> = {
  street: 120,
  number: 120,
  extra: 120,
  city: 120,
  postalCode: 20,
};

/** The fields whose draft differs from the saved value, in form order. */
export function changedAddressFields(saved: Address, draft: Address): AddressField[] {
  return ADDRESS_FORM_FIELDS.filter((field) => saved[field] !== draft[field]);
}

export function sameAddress(a: Address, b: Address): boolean {
  return changedAddressFields(a, b).length === 0;
}

/** The fields that would be refused once trimmed: empty, or longer than allowed. */
export function invalidAddressFields(draft: Address): AddressField[] {
  return ADDRESS_FORM_FIELDS.filter((field) => {
    const value = draft[field].trim();
    return value.length === 0 || value.length > ADDRESS_MAX_LENGTH[field];
  });
}

/** The draft as it is sent: trimmed, exactly the five fields. */
export function trimAddress(draft: Address): Address {
  return {
    street: draft.street.trim(),
    number: draft.number.trim(),
    extra: draft.extra.trim(),
    city: draft.city.trim(),
    postalCode: draft.postalCode.trim(),
  };
}

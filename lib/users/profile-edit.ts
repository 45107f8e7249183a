// Pure rules of the profile (name, telephone, delivery address), shared by the profile form, the
// checkout's prefill and the server: which stored values count as 'not filled in', which fields a
// draft changed, what a draft may hold, and the patch that is sent.
import { normalizeCep, normalizePhone } from '@/lib/brazil';
import { normalizeUf } from '@/lib/brazil-ufs';

import { ADDRESS_FIELDS, DEFAULT_ADDRESS, NO_NAME, type Address } from './types';

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type ContactField = 'name' | 'telephone';
export type ProfileField = ContactField | AddressField;

/** The contact fields in form order. */
export const CONTACT_FORM_FIELDS: readonly ContactField[] = ['name', 'telephone'];

/**
 * The order the form shows the address in: the CEP first (typing it fills the rest,
 * lib/address/cep-lookup.ts), then street, number, complement, bairro, city and UF.
 */
export const ADDRESS_FORM_FIELDS: readonly AddressField[] = [
  'postalCode',
  'street',
  'number',
  'extra',
  'neighborhood',
  'city',
  'state',
];

export const PROFILE_FORM_FIELDS: readonly ProfileField[] = [
  ...CONTACT_FORM_FIELDS,
  ...ADDRESS_FORM_FIELDS,
];

/** Bounds of each field once trimmed; the server schema (profile-schema.ts) uses the same. */
export const PROFILE_MAX_LENGTH: Readonly<Record<ProfileField, number>> = {
  name: 120,
  telephone: 30,
  street: 120,
  number: 120,
  extra: 120,
  city: 120,
  postalCode: 20,
  neighborhood: 120,
  state: 2,
};

/** The profile as the form edits it: one string per field, 'not filled in' as ''. */
export type ProfileValues = Record<ProfileField, string>;

/** Where a profile comes from: the session's user (PublicUser) or the user store. */
export type ProfileSource = {
  name?: string | null;
  telephone?: string | null;
  address?: Address | null;
};

/** What the browser sends to save: only the changed fields, trimmed. */
export type ProfilePatch = {
  name?: string;
  telephone?: string;
  address?: Partial<Address>;
};

/** Keys under "ProfileForm.errors". */
export type ProfileFieldError = 'required' | 'tooLong' | 'telephone' | 'postalCode' | 'state';

// The values new accounts are stored with ('No name', 'No street', ...): data, never shown.
const PLACEHOLDERS: Readonly<Partial<Record<ProfileField, string>>> = {
  name: NO_NAME,
  ...DEFAULT_ADDRESS,
};

/** True when the stored value says nothing: empty, or the placeholder a new account got. */
export function isUnfilled(field: ProfileField, value: string | null | undefined): boolean {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed === PLACEHOLDERS[field];
}

/**
 * The name a new account is stored with: the one given at sign-up (the Auth profile's display
 * name, set by the sign-up form, or the Google account's), spaces tidied; NO_NAME when there is
 * none or it is beyond the profile's bound (the checkout then asks for it).
 */
export function signUpName(displayName: string | null | undefined): string {
  const name = (displayName ?? '').replace(/\s+/g, ' ').trim();
  return name === '' || name.length > PROFILE_MAX_LENGTH.name ? NO_NAME : name;
}

/** The stored value as a form starts from it: '' when it is not filled in. */
export function editableValue(field: ProfileField, value: string | null | undefined): string {
  return isUnfilled(field, value) ? '' : (value ?? '');
}

/** The saved address as a form starts from it (placeholders empty, never sent as an address). */
export function editableAddress(address: Address | null | undefined): Required<Address> {
  return {
    street: editableValue('street', address?.street),
    number: editableValue('number', address?.number),
    extra: editableValue('extra', address?.extra),
    city: editableValue('city', address?.city),
    postalCode: editableValue('postalCode', address?.postalCode),
    neighborhood: editableValue('neighborhood', address?.neighborhood),
    state: editableValue('state', address?.state),
  };
}

/** True when no address field was ever filled in (a new account's address). */
export function isUnfilledAddress(address: Address | null | undefined): boolean {
  return ADDRESS_FORM_FIELDS.every((field) => isUnfilled(field, address?.[field]));
}

export function toProfileValues(source: ProfileSource): ProfileValues {
  return {
    name: editableValue('name', source.name),
    telephone: editableValue('telephone', source.telephone),
    ...editableAddress(source.address),
  };
}

/** The fields whose draft differs from the baseline, in form order. */
export function changedProfileFields(
  baseline: ProfileValues,
  draft: ProfileValues,
): ProfileField[] {
  return PROFILE_FORM_FIELDS.filter((field) => baseline[field] !== draft[field]);
}

export function sameProfile(a: ProfileValues, b: ProfileValues): boolean {
  return changedProfileFields(a, b).length === 0;
}

/**
 * What is wrong with `fields` of the draft. Address fields are free text (an empty complement,
 * or any empty field, is fine) within their bounds, except that a filled-in CEP must be a CEP and
 * a filled-in UF one of the 27 (as the checkout checks them); a name may not be emptied; a
 * telephone may be emptied, otherwise it must be a Brazilian number.
 */
export function profileFieldErrors(
  draft: ProfileValues,
  fields: readonly ProfileField[] = PROFILE_FORM_FIELDS,
): Partial<Record<ProfileField, ProfileFieldError>> {
  const errors: Partial<Record<ProfileField, ProfileFieldError>> = {};
  for (const field of fields) {
    const value = draft[field].trim();
    if (value.length > PROFILE_MAX_LENGTH[field]) errors[field] = 'tooLong';
    else if (field === 'name' && value === '') errors[field] = 'required';
    else if (field === 'telephone' && value !== '' && normalizePhone(value) === null) {
      errors[field] = 'telephone';
    } else if (field === 'postalCode' && value !== '' && normalizeCep(value) === null) {
      errors[field] = 'postalCode';
    } else if (field === 'state' && value !== '' && normalizeUf(value) === null) {
      errors[field] = 'state';
    }
  }
  return errors;
}

/** The changed fields of the draft as they are sent: trimmed, nothing else. */
export function toProfilePatch(baseline: ProfileValues, draft: ProfileValues): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const field of changedProfileFields(baseline, draft)) {
    const value = draft[field].trim();
    if (field === 'name' || field === 'telephone') patch[field] = value;
    else patch.address = { ...patch.address, [field]: value };
  }
  return patch;
}

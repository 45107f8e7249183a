// The strict schema of a profile save (the updateProfile action, lib/session/actions.ts). Pure;
// the bounds and the telephone check are the form's own (profile-edit.ts, lib/brazil.ts), so the
// browser and the server refuse the same input.
import { z } from 'zod';

import { formatPhone, normalizeCep, normalizePhone } from '@/lib/brazil';
import { normalizeUf } from '@/lib/brazil-ufs';

import { PROFILE_MAX_LENGTH, type ProfilePatch } from './profile-edit';

// Address fields are free text: empty is allowed, only the length is bounded.
const freeText = (max: number) => z.string().trim().max(max).optional();

/**
 * A CEP or UF may be left empty, but one filled in must be valid (as in the checkout) and is
 * stored formatted: 12345-678, SP.
 */
const checkedOrEmpty = (
  max: number,
  normalize: (value: string) => string | null,
  message: string,
) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value, context) => {
      if (value === '') return '';
      const result = normalize(value);
      if (result === null) context.addIssue({ code: 'custom', message });
      return result ?? '';
    })
    .optional();

const addressPatchSchema = z
  .strictObject({
    street: freeText(PROFILE_MAX_LENGTH.street),
    number: freeText(PROFILE_MAX_LENGTH.number),
    extra: freeText(PROFILE_MAX_LENGTH.extra),
    city: freeText(PROFILE_MAX_LENGTH.city),
    postalCode: checkedOrEmpty(PROFILE_MAX_LENGTH.postalCode, normalizeCep, 'invalid CEP'),
    neighborhood: freeText(PROFILE_MAX_LENGTH.neighborhood),
    state: checkedOrEmpty(PROFILE_MAX_LENGTH.state, normalizeUf, 'invalid UF'),
  })
  .refine((address) => Object.values(address).some((value) => value !== undefined), {
    message: 'empty address',
  });

/** A telephone is stored as the shop shows it ('+55 11 91234-5678'), or '' to clear it. */
const telephoneSchema = z
  .string()
  .trim()
  .max(PROFILE_MAX_LENGTH.telephone)
  .transform((value, context) => {
    if (value === '') return '';
    const digits = normalizePhone(value);
    if (digits === null) context.addIssue({ code: 'custom', message: 'invalid phone' });
    return digits === null ? '' : formatPhone(digits);
  });

/**
 * Only the fields being changed; unknown keys (isAdmin, email, ...) are refused, not dropped, so
 * nobody mistakes them for being honoured. An empty save is refused too.
 */
export const profilePatchSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(PROFILE_MAX_LENGTH.name).optional(),
    telephone: telephoneSchema.optional(),
    address: addressPatchSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'nothing to save',
  });

// The browser's patch type and the schema's input must stay the same shape.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesMatch: SameShape<
  Required<ProfilePatch>,
  Required<z.input<typeof profilePatchSchema>>
> = true;
void shapesMatch;

'use server';

import { z } from 'zod';

import { updateUserAddress } from '@/lib/users/repository';
import type { Address } from '@/lib/users/types';

import { getSessionUid } from './session';

// The signed-in user's own Server Actions. They live with the session (which is built on the
// users repository) so that lib/users never imports lib/session.

const field = (max: number) => z.string().trim().min(1).max(max);

// Every field is required and bounded; unknown keys are refused rather than silently dropped,
// so a client cannot smuggle other fields (isAdmin, say) into the document.
const addressSchema = z.strictObject({
  city: field(120),
  street: field(120),
  number: field(120),
  extra: field(120),
  postalCode: field(20),
});

export type UpdateAddressResult =
  { ok: true; address: Address } | { ok: false; error: 'unauthenticated' | 'invalid' };

/**
 * Saves the signed-in user's address (merged into the user document; nothing else changes).
 * Returns 'unauthenticated' without a valid session and 'invalid' for any other input shape.
 */
export async function updateAddress(input: unknown): Promise<UpdateAddressResult> {
  const uid = await getSessionUid();
  if (!uid) return { ok: false, error: 'unauthenticated' };
  const parsed = addressSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'invalid' };
  await updateUserAddress(uid, parsed.data);
  return { ok: true, address: parsed.data };
}

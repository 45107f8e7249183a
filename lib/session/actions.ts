'use server';

import { refresh } from 'next/cache';

import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { profilePatchSchema } from '@/lib/users/profile-schema';
import { toPublicUser, updateUserProfile } from '@/lib/users/repository';
import type { PublicUser } from '@/lib/users/types';

import { signedInUseCase } from './use-case';

// The signed-in user's own Server Actions. They live with the session (which is built on the
// users repository) so that lib/users never imports lib/session.

/** The profile as stored after a save: what the user tab and /usuario show. */
export type SavedProfile = Pick<PublicUser, 'name' | 'telephone' | 'address'>;

export type UpdateProfileResult =
  | { ok: true; profile: SavedProfile }
  | { ok: false; error: 'unauthenticated' | 'invalid' | 'unavailable' };

const UNAVAILABLE: UpdateProfileResult = { ok: false, error: 'unavailable' };

/**
 * Saves the changed fields of the signed-in user's profile (name, telephone, address fields),
 * merged into the user document; nothing else changes. 'unauthenticated' without a valid
 * session, 'invalid' for any input the strict schema refuses (lib/users/profile-schema.ts),
 * 'unavailable' when Auth or Firestore cannot answer. On success the page's server-rendered
 * parts (/usuario's profile) are rendered again in the same response.
 */
export async function updateProfile(input: unknown): Promise<UpdateProfileResult> {
  return signedInUseCase(
    input,
    { schema: profilePatchSchema, during: 'update-profile', fault: () => UNAVAILABLE },
    async ({ user: { uid }, input: patch }): Promise<UpdateProfileResult> => {
      // A frozen backend answers 'unavailable' in time instead of leaving the form on 'Salvando…'.
      const record = await withDeadline(
        updateUserProfile(uid, patch),
        backendDeadlineMs(),
        'update-profile',
      );
      const { name, telephone, address } = toPublicUser(uid, record);
      refresh();
      return { ok: true, profile: { name, telephone, address } };
    },
  );
}

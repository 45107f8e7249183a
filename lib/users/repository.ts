import 'server-only';

import type { DecodedIdToken } from 'firebase-admin/auth';
import { FieldValue, type DocumentData, type Transaction } from 'firebase-admin/firestore';

import { getAdminAuth, runTransaction, usersCollection } from '@/lib/firebase/admin';

import { isUnfilled, signUpName } from './profile-edit';
import {
  ADDRESS_FIELDS,
  DEFAULT_ADDRESS,
  isAdminRecord,
  NO_NAME,
  LATER_ADDRESS_FIELDS,
  type Address,
  type PublicUser,
  type UserRecord,
} from './types';

// Firestore's gRPC status for "document already exists" (create() on an existing document).
const ALREADY_EXISTS = 6;

function readString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function readAddress(value: unknown): Address {
  const stored =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const address = { ...DEFAULT_ADDRESS };
  for (const field of ADDRESS_FIELDS) {
    const value = readString(stored[field]);
    // Bairro and Estado were added to the address later: an older record simply has none.
    if (value !== undefined || !LATER_ADDRESS_FIELDS.includes(field)) address[field] = value ?? '';
  }
  return address;
}

/** The one mapping from a stored user document to the app's UserRecord. */
function reshapeUserRecord(uid: string, data: DocumentData): UserRecord {
  const record: UserRecord = {
    address: readAddress(data.address),
    authUID: readString(data.authUID) ?? uid,
    email: readString(data.email) ?? '',
    name: readString(data.name) ?? '',
  };
  // The flags stay as stored: only isAdminRecord() decides what they mean.
  for (const flag of ['isAdmin', 'isMember', 'isOwner'] as const) {
    if (flag in data) record[flag] = data[flag];
  }
  const telephone = readString(data.telephone);
  if (telephone !== undefined) record.telephone = telephone;
  const avatarURL = readString(data.avatarURL);
  if (avatarURL !== undefined) record.avatarURL = avatarURL;
  if (typeof data.ordersVersion === 'number') record.ordersVersion = data.ordersVersion;
  return record;
}

/** The field of the user document that counts changes to the user's orders. */
const ORDERS_VERSION_FIELD = 'ordersVersion';

/**
 * Inside `transaction`, records that one of `uid`'s orders changed in a way they can see (placed,
 * or its status moved), so their next order poll reads the orders again (app/api/orders/changes).
 * A blind increment: no read, and it composes with any other write of the document in the same
 * transaction (the checkout may save the address there too).
 */
export function markUserOrdersChanged(transaction: Transaction, uid: string): void {
  transaction.set(
    usersCollection().doc(uid),
    { [ORDERS_VERSION_FIELD]: FieldValue.increment(1) },
    { merge: true },
  );
}

/**
 * Inside `transaction`, sets the user's `isMember` flag, which follows their club membership
 * (lib/club/repository.ts). A blind merge: no read, nothing else of the document changes.
 */
export function setUserMemberInTransaction(
  transaction: Transaction,
  uid: string,
  isMember: boolean,
): void {
  transaction.set(usersCollection().doc(uid), { isMember }, { merge: true });
}

/** Inside `transaction`, the name `uid` gave ('' when none or never filled in), for e-mails. */
export async function getUserNameInTransaction(
  transaction: Transaction,
  uid: string,
): Promise<string> {
  const name = readString((await transaction.get(usersCollection().doc(uid))).get('name')) ?? '';
  return isUnfilled('name', name) ? '' : name;
}

/** The user document of `uid`, or null when there is none. */
export async function getUserRecord(uid: string): Promise<UserRecord | null> {
  const snapshot = await usersCollection().doc(uid).get();
  const data = snapshot.data();
  return data ? reshapeUserRecord(uid, data) : null;
}

/**
 * Session cookies signed out on this account, on the user's own document: the SHA-256 of each
 * cookie → the cookie's expiry (ms). The session check reads this document anyway, so every
 * instance refuses a signed-out cookie at once (lib/session/revocations.ts) at no extra read.
 */
const SIGNED_OUT_FIELD = 'signedOutSessions';
/**
 * Entries kept at most. Only a cookie minted in the same second as a later sign-out's token
 * revocation still verifies at Auth, so the entries that matter are the latest ones; those with
 * the soonest expiry (minted first) are dropped first.
 */
export const MAX_SIGNED_OUT_SESSIONS = 20;

function readSignedOut(value: unknown): Record<string, number> {
  const listed: Record<string, number> = {};
  if (typeof value !== 'object' || value === null) return listed;
  for (const [id, expiry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof expiry === 'number' && Number.isFinite(expiry)) listed[id] = expiry;
  }
  return listed;
}

/** The user document as the session check needs it: the record and its signed-out cookies. */
export type UserSessionRecord = {
  record: UserRecord | null;
  signedOutSessions: Record<string, number>;
};

/** One read of the user document of `uid` for the session check. */
export async function getUserSessionRecord(uid: string): Promise<UserSessionRecord> {
  const data = (await usersCollection().doc(uid).get()).data();
  return {
    record: data ? reshapeUserRecord(uid, data) : null,
    signedOutSessions: readSignedOut(data?.[SIGNED_OUT_FIELD]),
  };
}

/**
 * Records a signed-out session cookie (by `id`, until `expiresAtMs`) on the user's document, in
 * one transaction that also drops expired entries and keeps at most MAX_SIGNED_OUT_SESSIONS.
 * Only that field is written. Without a user document nothing is written (a document holding only
 * this field would look like an account with an empty profile); such a session is only refused
 * by this instance's memory and Auth's revocation.
 */
export async function recordSignedOutSession(
  uid: string,
  id: string,
  expiresAtMs: number,
  now = Date.now(),
): Promise<void> {
  const ref = usersCollection().doc(uid);
  await runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return;
    const listed = readSignedOut(snapshot.get(SIGNED_OUT_FIELD));
    listed[id] = expiresAtMs;
    const kept = Object.entries(listed)
      .filter(([, expiry]) => expiry > now)
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_SIGNED_OUT_SESSIONS);
    // update() replaces the whole map, so pruned entries are gone.
    transaction.update(ref, { [SIGNED_OUT_FIELD]: Object.fromEntries(kept) });
  });
}

/**
 * What the browser may know about a signed-in user. Without a user document (never created, or
 * deleted) the user is still signed in, but is not an admin and has no saved address.
 */
export function toPublicUser(
  uid: string,
  record: UserRecord | null,
  fallback: { email?: string | undefined; name?: string | undefined } = {},
): PublicUser {
  return {
    uid,
    email: record?.email || fallback.email || '',
    name: record?.name || fallback.name || NO_NAME,
    avatarURL: record?.avatarURL || null,
    isAdmin: isAdminRecord(record),
    isMember: record?.isMember === true,
    telephone: record?.telephone || null,
    address: record ? record.address : null,
  };
}

/**
 * Applies the user-record rules at sign-in and returns the user's record: the existing one
 * untouched, or the one it created. Returns null (and writes nothing) when there is no record
 * and the sign-in provider is neither Google nor email and password.
 */
export async function ensureUserRecord(token: DecodedIdToken): Promise<UserRecord | null> {
  const { uid } = token;
  const ref = usersCollection().doc(uid);
  const existing = await ref.get();
  const existingData = existing.data();
  if (existingData) return reshapeUserRecord(uid, existingData);

  const provider = token.firebase.sign_in_provider;
  if (provider !== 'google.com' && provider !== 'password') return null;

  // The Auth user is the source of truth for the profile; the token only mirrors it.
  const auth = getAdminAuth();
  const authUser = await auth.getUser(uid);
  const email = authUser.email ?? token.email ?? '';
  const address = { ...DEFAULT_ADDRESS };
  const record: UserRecord =
    provider === 'google.com'
      ? {
          address,
          authUID: uid,
          email,
          name: signUpName(authUser.displayName),
          isAdmin: false,
          isMember: false,
          isOwner: false,
          telephone: '',
          avatarURL: authUser.photoURL ?? '',
        }
      : // Email sign-up writes only these four fields: the rest is filled in by the user. The
        // name is the one the sign-up form gave the Auth profile (components/user/login-form.tsx).
        { address, authUID: uid, email, name: signUpName(authUser.displayName) };

  try {
    // create(), not set(): two sign-ins racing must never overwrite a document.
    await ref.create(record);
  } catch (error) {
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    return getUserRecord(uid);
  }
  if (provider === 'password' && !authUser.displayName) {
    await auth.updateUser(uid, { displayName: NO_NAME });
  }
  return record;
}

/** A profile change: only the fields present are written. */
export type ProfileUpdate = {
  name?: string | undefined;
  telephone?: string | undefined;
  address?: Partial<Record<keyof Address, string | undefined>> | undefined;
};

/**
 * The merge data of a profile change. Nested under `address`, only the given fields: a merge
 * keeps the other address fields (a new account's placeholders included) as they were.
 */
function profileData(update: ProfileUpdate): DocumentData {
  const data: DocumentData = {};
  if (update.name !== undefined) data.name = update.name;
  if (update.telephone !== undefined) data.telephone = update.telephone;
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = update.address?.[field];
    if (value !== undefined) address[field] = value;
  }
  if (Object.keys(address).length > 0) data.address = address;
  return data;
}

/**
 * Merges a profile change into the user's document (creating it if missing; other fields stay)
 * and returns the record as stored afterwards.
 */
export async function updateUserProfile(
  uid: string,
  update: ProfileUpdate,
): Promise<UserRecord | null> {
  const ref = usersCollection().doc(uid);
  await ref.set(profileData(update), { merge: true });
  return getUserRecord(uid);
}

/** The same merge inside `transaction` (the checkout saves the order's address with it). */
export function updateUserProfileInTransaction(
  transaction: Transaction,
  uid: string,
  update: ProfileUpdate,
): void {
  transaction.set(usersCollection().doc(uid), profileData(update), { merge: true });
}

/** How to reach a customer, as the control panel shows it. */
export type UserContact = {
  name: string;
  email: string;
  telephone: string;
  /** The profile's delivery address (the club's shipping list); placeholders as stored. */
  address: Address;
};

/**
 * The name, email and telephone stored for each of `uids` that has a user document; a name never
 * filled in (the 'No name' placeholder) is no name.
 */
export async function getUserContacts(uids: readonly string[]): Promise<Map<string, UserContact>> {
  const unique = [...new Set(uids.filter(Boolean))];
  const contacts = new Map<string, UserContact>();
  if (unique.length === 0) return contacts;
  const collection = usersCollection();
  const snapshots = await collection.firestore.getAll(...unique.map((uid) => collection.doc(uid)));
  for (const snapshot of snapshots) {
    const data = snapshot.data();
    if (!data) continue;
    const name = readString(data.name) ?? '';
    contacts.set(snapshot.id, {
      name: isUnfilled('name', name) ? '' : name,
      email: readString(data.email) ?? '',
      telephone: readString(data.telephone) ?? '',
      address: readAddress(data.address),
    });
  }
  return contacts;
}

/** The ids of the accounts whose stored e-mail is `email` as typed or lower-cased (at most 10). */
export async function getUserIdsByEmail(email: string): Promise<string[]> {
  const variants = [...new Set([email.trim(), email.trim().toLowerCase()])].filter(Boolean);
  if (variants.length === 0) return [];
  const snapshot = await usersCollection().where('email', 'in', variants).limit(10).get();
  return snapshot.docs.map((doc) => doc.id);
}

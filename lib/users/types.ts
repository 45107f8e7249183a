// Pure user types, shared by the server (repository, session) and the browser (user tab).

/** The delivery address stored on the user record (`users/{uid}.address`). */
export type Address = {
  city: string;
  street: string;
  number: string;
  extra: string;
  postalCode: string;
  /**
   * Bairro and Estado (a UF code, lib/brazil-ufs.ts BRAZIL_UFS). Optional on read: records
   * stored before them have neither; a new checkout address must have both.
   */
  neighborhood?: string;
  state?: string;
};

/**
 * A user document as stored in Firestore. The flags are `unknown` because older or hand-edited
 * documents may hold anything there; only `isAdminRecord` decides what they mean.
 */
export type UserRecord = {
  address: Address;
  authUID: string;
  email: string;
  name: string;
  isAdmin?: unknown;
  isMember?: unknown;
  isOwner?: unknown;
  telephone?: string;
  avatarURL?: string;
  /**
   * Bumped with every change to one of this user's orders that they can see (placed, status
   * moved): the shopper's order poll compares it and reads the orders only when it moved.
   */
  ordersVersion?: number;
};

/** What the server hands to the browser about the signed-in user. */
export type PublicUser = {
  uid: string;
  email: string;
  name: string;
  avatarURL: string | null;
  isAdmin: boolean;
  /** A club member whose subscription is active (lib/club/repository.ts keeps the flag); always
   * set by toPublicUser (lib/users/repository.ts). */
  isMember?: boolean;
  telephone: string | null;
  address: Address | null;
};

export const ADDRESS_FIELDS = [
  'city',
  'street',
  'number',
  'extra',
  'postalCode',
  'neighborhood',
  'state',
] as const;

/** The address fields older records may lack (read as absent, not as ''). */
export const LATER_ADDRESS_FIELDS: readonly (typeof ADDRESS_FIELDS)[number][] = [
  'neighborhood',
  'state',
];

/**
 * The placeholders a new user's address starts with (stored as they are). The interface never
 * shows them as values: lib/users/profile-edit.ts reads them as 'not filled in'.
 */
export const DEFAULT_ADDRESS: Readonly<Address> = Object.freeze({
  extra: 'No complement',
  number: 'No number',
  postalCode: 'No postal code',
  street: 'No street',
  city: 'No city',
});

/** The name given to accounts that have none (stored; shown as 'not filled in'). */
export const NO_NAME = 'No name';

/** True only when the record's isAdmin flag is exactly `true` (not 'true', not 1). */
export function isAdminRecord(record: unknown): boolean {
  return (
    typeof record === 'object' &&
    record !== null &&
    (record as { isAdmin?: unknown }).isAdmin === true
  );
}

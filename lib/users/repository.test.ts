// Integration tests against a private local Firebase (Auth emulator + local Firestore).
import type { Firestore } from 'firebase-admin/firestore';

import { signInAnonymously, signInWithGoogle, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type AdminClients, type TestFirebase } from '@/test/local-firebase-env';

jest.setTimeout(30_000);

type Repository = typeof import('./repository');
type Admin = typeof import('@/lib/firebase/admin');

let stack: TestFirebase;
let clients: AdminClients;
let db: Firestore;
let repo: Repository;
let admin: Admin;

const users = 'projects/chocolate-shop/users';
const DEFAULT_ADDRESS = {
  extra: 'No complement',
  number: 'No number',
  postalCode: 'No postal code',
  street: 'No street',
  city: 'No city',
};

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ stack, clients, db } = firebase);
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  repo = await import('./repository');
  admin = await import('@/lib/firebase/admin');
}, 90_000);

async function decode(idToken: string) {
  return admin.getAdminAuth().verifyIdToken(idToken);
}

describe('ensureUserRecord', () => {
  it('creates the record of a new Google user with the default address and false flags', async () => {
    const { idToken, localId } = await signInWithGoogle(stack.authHost, {
      sub: 'google-ana',
      email: 'ana@example.com',
      name: 'Ana Souza',
      picture: 'https://example.com/ana.png',
    });
    const token = await decode(idToken);
    expect(token.firebase.sign_in_provider).toBe('google.com');

    const record = await repo.ensureUserRecord(token);

    const expected = {
      address: DEFAULT_ADDRESS,
      authUID: localId,
      email: 'ana@example.com',
      name: 'Ana Souza',
      isAdmin: false,
      isMember: false,
      isOwner: false,
      telephone: '',
      avatarURL: 'https://example.com/ana.png',
    };
    expect(record).toEqual(expected);
    expect((await db.doc(`${users}/${localId}`).get()).data()).toEqual(expected);
  });

  it('does not overwrite the record on a later Google sign-in', async () => {
    const profile = { sub: 'google-bia', email: 'bia@example.com', name: 'Bia' };
    const first = await signInWithGoogle(stack.authHost, profile);
    await repo.ensureUserRecord(await decode(first.idToken));
    const ref = db.doc(`${users}/${first.localId}`);
    const address = { ...DEFAULT_ADDRESS, city: 'Recife', street: 'Rua da Aurora' };
    await ref.update({ address, isMember: true, telephone: '+55 81 9999-0000' });
    const before = (await ref.get()).data();

    const second = await signInWithGoogle(stack.authHost, profile);
    expect(second.localId).toBe(first.localId);
    const record = await repo.ensureUserRecord(await decode(second.idToken));

    expect((await ref.get()).data()).toEqual(before);
    expect(record).toMatchObject({ address, isMember: true, telephone: '+55 81 9999-0000' });
  });

  it('creates exactly one record when sign-ins race', async () => {
    const { idToken, localId } = await signInWithGoogle(stack.authHost, {
      sub: 'google-caio',
      email: 'caio@example.com',
      name: 'Caio',
    });
    const token = await decode(idToken);
    const records = await Promise.all(
      Array.from({ length: 5 }, () => repo.ensureUserRecord(token)),
    );
    expect(new Set(records.map((record) => JSON.stringify(record))).size).toBe(1);
    expect((await db.doc(`${users}/${localId}`).get()).get('name')).toBe('Caio');
  });

  it('writes only address, authUID, email and name for an email sign-up, named No name', async () => {
    const created = await clients.auth.createUser({
      email: 'dora@example.com',
      password: 'dora-password-1',
    });
    const { idToken } = await signInWithPassword(
      stack.authHost,
      'dora@example.com',
      'dora-password-1',
    );
    const token = await decode(idToken);
    expect(token.firebase.sign_in_provider).toBe('password');

    const record = await repo.ensureUserRecord(token);

    const stored = (await db.doc(`${users}/${created.uid}`).get()).data();
    expect(stored).toEqual({
      address: DEFAULT_ADDRESS,
      authUID: created.uid,
      email: 'dora@example.com',
      name: 'No name',
    });
    expect(record).toEqual(stored);
    expect((await clients.auth.getUser(created.uid)).displayName).toBe('No name');
  });

  it('stores an email sign-up with the name it gave (its display name), still four fields', async () => {
    const created = await clients.auth.createUser({
      email: 'edu@example.com',
      password: 'edu-password-1',
      displayName: '  Eduardo   Lima ',
    });
    const { idToken } = await signInWithPassword(
      stack.authHost,
      'edu@example.com',
      'edu-password-1',
    );
    const record = await repo.ensureUserRecord(await decode(idToken));
    expect((await clients.auth.getUser(created.uid)).displayName).toBe('  Eduardo   Lima ');
    const stored = (await db.doc(`${users}/${created.uid}`).get()).data();
    expect(stored).toEqual({
      address: DEFAULT_ADDRESS,
      authUID: created.uid,
      email: 'edu@example.com',
      name: 'Eduardo Lima',
    });
    expect(record).toEqual(stored);
  });

  it('stores No name for a display name beyond the profile’s bound', async () => {
    const created = await clients.auth.createUser({
      email: 'longo@example.com',
      password: 'longo-password-1',
      displayName: 'N'.repeat(121),
    });
    const { idToken } = await signInWithPassword(
      stack.authHost,
      'longo@example.com',
      'longo-password-1',
    );
    await repo.ensureUserRecord(await decode(idToken));
    expect((await db.doc(`${users}/${created.uid}`).get()).get('name')).toBe('No name');
  });

  it('leaves an existing email user’s record alone', async () => {
    const { idToken } = await signInWithPassword(
      stack.authHost,
      'cliente@chocolates.local',
      'cliente-chocolate-123',
    );
    const ref = db.doc(`${users}/seed-shopper`);
    const before = (await ref.get()).data();
    const record = await repo.ensureUserRecord(await decode(idToken));
    expect((await ref.get()).data()).toEqual(before);
    expect(record?.name).toBe('Cliente Exemplo');
  });

  it('writes nothing for another sign-in provider', async () => {
    const { idToken, localId } = await signInAnonymously(stack.authHost);
    expect(await repo.ensureUserRecord(await decode(idToken))).toBeNull();
    expect((await db.doc(`${users}/${localId}`).get()).exists).toBe(false);
  });
});

describe('getUserRecord', () => {
  it('reads a stored record and returns null when there is none', async () => {
    expect(await repo.getUserRecord('seed-admin')).toMatchObject({
      authUID: 'seed-admin',
      email: 'admin@chocolates.local',
      isAdmin: true,
      address: { city: 'São Paulo', street: 'Rua Augusta' },
    });
    expect(await repo.getUserRecord('nobody-here')).toBeNull();
  });

  it('keeps odd flags as stored and fills a malformed address with empty strings', async () => {
    await db.doc(`${users}/odd-user`).set({ isAdmin: 'true', address: { city: 42 }, email: 7 });
    const record = await repo.getUserRecord('odd-user');
    expect(record).toEqual({
      authUID: 'odd-user',
      email: '',
      name: '',
      isAdmin: 'true',
      address: { city: '', street: '', number: '', extra: '', postalCode: '' },
    });
    expect(repo.toPublicUser('odd-user', record).isAdmin).toBe(false);
  });
});

describe('toPublicUser', () => {
  it('is admin only for isAdmin === true, and not without a record', async () => {
    const adminRecord = await repo.getUserRecord('seed-admin');
    expect(repo.toPublicUser('seed-admin', adminRecord)).toEqual({
      uid: 'seed-admin',
      email: 'admin@chocolates.local',
      name: 'Admin da Loja',
      avatarURL: null,
      isAdmin: true,
      isMember: false,
      telephone: '+55 11 3000-0000',
      address: adminRecord?.address,
    });
    expect(
      repo.toPublicUser('ghost', null, { email: 'ghost@example.com', name: undefined }),
    ).toEqual({
      uid: 'ghost',
      email: 'ghost@example.com',
      name: 'No name',
      avatarURL: null,
      isAdmin: false,
      isMember: false,
      telephone: null,
      address: null,
    });
  });
});

describe('getUserContacts', () => {
  it("gives the control panel no 'No name' placeholder as a customer's name", async () => {
    await db.doc(`${users}/contact-new`).set({
      authUID: 'contact-new',
      email: 'novo@example.com',
      name: 'No name',
      address: DEFAULT_ADDRESS,
    });
    const contacts = await repo.getUserContacts(['contact-new', 'seed-shopper', 'nobody']);
    // The address as stored, placeholders included: its readers empty them (lib/club/members.ts).
    expect(contacts.get('contact-new')).toEqual({
      name: '',
      email: 'novo@example.com',
      telephone: '',
      address: DEFAULT_ADDRESS,
    });
    expect(contacts.get('seed-shopper')?.name).toBe('Cliente Exemplo');
    expect(contacts.has('nobody')).toBe(false);
  });
});

describe('updateUserProfile', () => {
  it('writes only the given fields: other address fields and the rest of the record stay', async () => {
    const ref = db.doc(`${users}/seed-shopper`);
    const before = (await ref.get()).data() ?? {};
    const record = await repo.updateUserProfile('seed-shopper', {
      name: 'Cliente Renomeado',
      address: { city: 'Curitiba', extra: '' },
    });
    const address = { ...before.address, city: 'Curitiba', extra: '' };
    expect((await ref.get()).data()).toEqual({ ...before, name: 'Cliente Renomeado', address });
    expect(record).toMatchObject({ name: 'Cliente Renomeado', address });
  });

  it('keeps the placeholders of a new account beside the fields it fills in', async () => {
    const ref = db.doc(`${users}/profile-new`);
    await ref.set({
      authUID: 'profile-new',
      email: 'n@example.com',
      name: 'No name',
      address: DEFAULT_ADDRESS,
    });
    await repo.updateUserProfile('profile-new', {
      telephone: '+55 11 91234-5678',
      address: { street: 'Rua Nova' },
    });
    expect((await ref.get()).data()).toEqual({
      authUID: 'profile-new',
      email: 'n@example.com',
      name: 'No name',
      telephone: '+55 11 91234-5678',
      address: { ...DEFAULT_ADDRESS, street: 'Rua Nova' },
    });
  });

  it('writes in a transaction with the same merge', async () => {
    const ref = db.doc(`${users}/profile-new`);
    await admin.runTransaction(async (transaction) => {
      repo.updateUserProfileInTransaction(transaction, 'profile-new', {
        address: { number: '12' },
      });
    });
    expect((await ref.get()).get('address')).toEqual({
      ...DEFAULT_ADDRESS,
      street: 'Rua Nova',
      number: '12',
    });
  });
});

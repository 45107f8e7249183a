// The seed's accounts are made once whatever the Auth emulator answers: a create that was applied
// but answered 'uid already exists' (firebase-admin sent it again after a reset connection) ends
// with the account the seed describes, not a failed start.
import { ensureSeedAccount } from './seed.mjs';

const USER = { uid: 'seed-x', email: 'x@chocolates.local', password: 'x-123456', name: 'X' };
const ACCOUNT = { email: USER.email, password: USER.password, displayName: USER.name };

function authError(code: string) {
  return Object.assign(new Error(code), { code });
}

function fakeAuth({ exists = false, createFails }: { exists?: boolean; createFails?: string }) {
  return {
    getUser: jest.fn(async (uid: string) => {
      if (!exists) throw authError('auth/user-not-found');
      return { uid };
    }),
    createUser: jest.fn(async (properties: { uid: string }) => {
      if (createFails) throw authError(createFails);
      return properties;
    }),
    updateUser: jest.fn(async (uid: string) => ({ uid })),
  };
}

describe('ensureSeedAccount', () => {
  it('leaves an account that exists alone', async () => {
    const auth = fakeAuth({ exists: true });
    await ensureSeedAccount(auth as never, USER);
    expect(auth.createUser).not.toHaveBeenCalled();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('creates a missing account with its uid, e-mail, password and name', async () => {
    const auth = fakeAuth({});
    await ensureSeedAccount(auth as never, USER);
    expect(auth.createUser).toHaveBeenCalledWith({
      uid: USER.uid,
      ...ACCOUNT,
      emailVerified: true,
    });
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it("a create answered 'uid already exists' sets that account to the seed's", async () => {
    const auth = fakeAuth({ createFails: 'auth/uid-already-exists' });
    await ensureSeedAccount(auth as never, USER);
    expect(auth.updateUser).toHaveBeenCalledWith(USER.uid, { ...ACCOUNT, emailVerified: true });
  });

  it('any other failure still fails the seed', async () => {
    const auth = fakeAuth({ createFails: 'auth/internal-error' });
    await expect(ensureSeedAccount(auth as never, USER)).rejects.toThrow('auth/internal-error');
    expect(auth.updateUser).not.toHaveBeenCalled();
  });
});

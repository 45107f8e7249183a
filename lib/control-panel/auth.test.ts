// The admin check reads the session once per request: shared by the layout and the page, and by
// a Server Action and the page Next renders again in the same answer (both see the request's one
// headers object).
const mockReadSession = jest.fn();
let mockRequestHeaders: Headers = new Headers();

jest.mock('next/headers', () => ({ headers: async () => mockRequestHeaders }));
jest.mock('@/lib/session/session', () => ({
  ADMIN_MAX_SIGN_IN_AGE_SECONDS: 12 * 60 * 60,
  SessionUnavailableError: class SessionUnavailableError extends Error {},
  readSession: () => mockReadSession(),
}));

import { checkAdmin } from './auth';

const admin = {
  uid: 'seed-admin',
  email: 'admin@chocolates.local',
  name: 'Admin',
  avatarURL: null,
  isAdmin: true,
  telephone: null,
  address: null,
};

beforeEach(() => {
  mockReadSession.mockReset();
  mockReadSession.mockImplementation(async () => ({
    status: 'signed-in',
    user: admin,
    authTime: Math.floor(Date.now() / 1000),
  }));
});

describe('checkAdmin', () => {
  it('reads the session once per request, however often it is asked', async () => {
    mockRequestHeaders = new Headers({ cookie: '__session=a' });
    // The action, then the layout and the page of its answer.
    const checks = await Promise.all([checkAdmin(), checkAdmin(), checkAdmin()]);
    expect(await checkAdmin()).toEqual({ status: 'admin', user: admin });
    expect(checks).toEqual([checks[0], checks[0], checks[0]]);
    expect(mockReadSession).toHaveBeenCalledTimes(1);
  });

  it('reads it again for the next request, so a demotion applies at once', async () => {
    mockRequestHeaders = new Headers({ cookie: '__session=a' });
    expect(await checkAdmin()).toMatchObject({ status: 'admin' });
    mockReadSession.mockResolvedValue({
      status: 'signed-in',
      user: { ...admin, isAdmin: false },
      authTime: Math.floor(Date.now() / 1000),
    });
    mockRequestHeaders = new Headers({ cookie: '__session=a' });
    expect(await checkAdmin()).toMatchObject({ status: 'forbidden' });
    expect(mockReadSession).toHaveBeenCalledTimes(2);
  });
});

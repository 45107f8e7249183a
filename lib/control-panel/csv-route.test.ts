import { SessionUnavailableError } from '@/lib/session/session';

import type { AdminCheck } from './auth';
import { adminCsvRoute } from './csv-route';

let check: () => Promise<AdminCheck>;

jest.mock('./auth', () => ({ checkAdmin: () => check() }));
jest.mock('@/lib/session/session', () => ({
  SessionUnavailableError: class SessionUnavailableError extends Error {},
}));
jest.mock('@/lib/log', () => ({ logFailure: jest.fn() }));

const admin = { status: 'admin', uid: 'a', email: 'a@example.com' } as unknown as AdminCheck;
let failBuild = false;
const GET = adminCsvRoute('test.export', async (request, locale) => {
  if (failBuild) throw new Error('Firestore is down');
  return { csv: `a;b\n${locale};${new URL(request.url).search}`, fileName: 'x.csv' };
});

const get = (locale: string) =>
  GET(new Request(`http://shop.test/${locale}/control-panel/export?q=1`), {
    params: Promise.resolve({ locale }),
  });

beforeEach(() => {
  check = async () => admin;
  failBuild = false;
});

describe('adminCsvRoute', () => {
  it("answers an admin the file, in the admin's language, never cached", async () => {
    const response = await get('pt-BR');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('a;b\npt-BR;?q=1');
  });

  it('refuses an unknown locale, a signed-out visitor and a shopper', async () => {
    expect((await get('fr')).status).toBe(404);
    check = async () => ({ status: 'signed-out' }) as AdminCheck;
    expect((await get('en')).status).toBe(401);
    check = async () => ({ status: 'forbidden' }) as AdminCheck;
    expect((await get('en')).status).toBe(403);
  });

  it('answers 503 with Retry-After when the session or the data cannot be read', async () => {
    check = async () => {
      throw new SessionUnavailableError('Auth is down');
    };
    const noSession = await get('en');
    expect(noSession.status).toBe(503);
    expect(noSession.headers.get('retry-after')).toBe('5');

    check = async () => admin;
    failBuild = true;
    const noData = await get('en');
    expect(noData.status).toBe(503);
    expect(noData.headers.get('retry-after')).toBe('5');
  });
});

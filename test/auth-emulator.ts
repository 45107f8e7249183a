// Test helpers for the account tests: ID tokens from the Auth emulator's REST API, and stand-ins
// for next/headers (a cookie jar behind cookies()) and next/cache.

export type SignInResult = { idToken: string; localId: string; refreshToken: string };

async function accountsCall(
  authHost: string,
  method: string,
  body: unknown,
): Promise<SignInResult> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await response.json()) as SignInResult;
  if (!response.ok) throw new Error(`accounts:${method} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Email and password sign-in (the user must exist). */
export function signInWithPassword(
  authHost: string,
  email: string,
  password: string,
): Promise<SignInResult> {
  return accountsCall(authHost, 'signInWithPassword', { email, password, returnSecureToken: true });
}

/** Google sign-in: the Auth emulator accepts a fake, unsigned Google id_token. */
export function signInWithGoogle(
  authHost: string,
  profile: { sub: string; email: string; name?: string; picture?: string },
): Promise<SignInResult> {
  const idToken = JSON.stringify({ ...profile, email_verified: true });
  return accountsCall(authHost, 'signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
  });
}

/** An anonymous account (a provider the shop does not accept). */
export function signInAnonymously(authHost: string): Promise<SignInResult> {
  return accountsCall(authHost, 'signUp', { returnSecureToken: true });
}

/** Waits until the wall clock enters a new second (revocation has one-second resolution). */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
}

export type StoredCookie = { value: string; options: Record<string, unknown> };

/** What the mocked cookies() holds for the current test: a browser's cookie jar, in short. */
export const cookieJar = {
  cookies: new Map<string, StoredCookie>(),
  /** Every set() call, in order, including deletions (maxAge 0). */
  writes: [] as { name: string; value: string; options: Record<string, unknown> }[],
  reset() {
    this.cookies.clear();
    this.writes.length = 0;
  },
  header(): string {
    return [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
  },
};

function store(name: string, value: string, options: Record<string, unknown> = {}) {
  cookieJar.writes.push({ name, value, options });
  if (options.maxAge === 0 || value === '') cookieJar.cookies.delete(name);
  else cookieJar.cookies.set(name, { value, options });
}

/** Use as `jest.mock('next/headers', () => jest.requireActual('@/test/auth-emulator').nextHeadersMock())`. */
export function nextHeadersMock() {
  const api = {
    get: (name: string) => {
      const cookie = cookieJar.cookies.get(name);
      return cookie ? { name, value: cookie.value } : undefined;
    },
    has: (name: string) => cookieJar.cookies.has(name),
    getAll: () => [...cookieJar.cookies].map(([name, { value }]) => ({ name, value })),
    set: (
      nameOrCookie: string | ({ name: string; value: string } & Record<string, unknown>),
      value?: string,
      options?: Record<string, unknown>,
    ) => {
      if (typeof nameOrCookie === 'string') store(nameOrCookie, value ?? '', options);
      else {
        const { name, value: cookieValue, ...rest } = nameOrCookie;
        store(name, cookieValue, rest);
      }
      return api;
    },
    delete: (name: string | { name: string }) => {
      store(typeof name === 'string' ? name : name.name, '', { maxAge: 0 });
      return api;
    },
  };
  return {
    cookies: async () => api,
    headers: async () => new Headers({ cookie: cookieJar.header() }),
  };
}

/**
 * next/cache outside a Next server: invalidations are recorded mocks, cached reads read every
 * time. Use as `jest.mock('next/cache', () => jest.requireActual('@/test/auth-emulator').nextCacheMock())`.
 */
export function nextCacheMock() {
  return {
    revalidatePath: jest.fn(),
    revalidateTag: jest.fn(),
    refresh: jest.fn(),
    unstable_cache: <T>(read: T) => read,
  };
}

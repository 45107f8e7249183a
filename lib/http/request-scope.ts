import 'server-only';

import { AsyncLocalStorage } from 'node:async_hooks';
import { cookies, headers } from 'next/headers';

// The request that server code is answering. Inside Next's handling of a request that is Next's
// (headers(), cookies()); a request the HTTP server answers itself, before Next
// (lib/orders/order-quick-answer.ts), runs its code with runInRequestScope. Code that serves both
// (placing an order, the session check, the request's log) reads the request through here.

type RequestScope = { headers: Headers };

// One per process, shared by every bundle: the server's quick answers and the route handlers are
// compiled into separate bundles.
const scopes = ((
  globalThis as { __shopRequestScopes?: AsyncLocalStorage<RequestScope> }
).__shopRequestScopes ??= new AsyncLocalStorage<RequestScope>());

/** Runs `work` as the handling of a request with `requestHeaders`, outside Next. */
export function runInRequestScope<T>(requestHeaders: Headers, work: () => Promise<T>): Promise<T> {
  return scopes.run({ headers: requestHeaders }, work);
}

/** The headers of the request being answered. Outside any request, Next's headers() throws. */
export async function requestHeaders(): Promise<Pick<Headers, 'get'>> {
  return scopes.getStore()?.headers ?? (await headers());
}

/** The value of cookie `name` on the request being answered, or undefined. */
export async function requestCookie(name: string): Promise<string | undefined> {
  const scope = scopes.getStore();
  if (!scope) return (await cookies()).get(name)?.value;
  return cookieValue(scope.headers.get('cookie'), name);
}

/**
 * Cookie `name` in a Cookie header, read as Next reads it (@edge-runtime/cookies): pairs split at
 * ';' and the spaces after it, the value URI-decoded (a bare name is 'true'), one that cannot be
 * decoded skipped, the last one kept.
 */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const pair of header.split(/; */)) {
    const equals = pair.indexOf('=');
    if (equals < 0) {
      if (pair === name) found = 'true';
      continue;
    }
    if (pair.slice(0, equals) !== name) continue;
    try {
      found = decodeURIComponent(pair.slice(equals + 1));
    } catch {
      // Next skips a value it cannot decode.
    }
  }
  return found;
}

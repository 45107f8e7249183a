import { isSameOrigin } from '@/lib/security/origin';

import { readJsonBody, type JsonBodyResult } from '@/lib/http/body';

// The skeleton of a same-origin JSON POST route handler whose use-case answers `{ ok, error }`:
// another origin 403, a body that is not JSON 415, too large 413, malformed 400 (each answered
// as the use-case's own 'invalid'), then the use-case's result with its HTTP status. A route
// handler rather than a Server Action, so proxies, monitoring and the client see the status.

/** How long a 503 (Auth, Firestore or Mercado Pago did not answer) asks the client to wait. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

type Refusal = { ok: false; error: string; retryAfterSeconds?: number };

/** The statuses of the refusals every such use-case can give; a route lists only its own. */
const COMMON_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  'temporarily-unavailable': 503,
  'server-error': 500,
} as const;

type OwnError<Result extends { ok: true } | Refusal> = Exclude<
  Extract<Result, { ok: false }>['error'],
  keyof typeof COMMON_STATUS
>;

/** The HTTP status of a body refused before the use-case sees it. */
export function bodyRefusalStatus(error: Extract<JsonBodyResult, { ok: false }>['error']): number {
  if (error === 'unsupported-media-type') return 415;
  if (error === 'body-too-large') return 413;
  return 400;
}

function answer(result: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/**
 * A POST handler: checks the origin, reads a JSON body of at most `maxBodyBytes`, runs `run` and
 * answers its result: 200 when ok, else the refusal's status (`statusOf`, or the common ones). A
 * refusal carrying `retryAfterSeconds` (a rate limit) says so in Retry-After; every 503 asks for
 * UNAVAILABLE_RETRY_SECONDS.
 */
export function jsonPostRoute<Result extends { ok: true } | Refusal>(options: {
  maxBodyBytes: number;
  /** The status of each refusal other than the common ones (400, 401, 503, 500). */
  statusOf: Record<OwnError<Result>, number>;
  run: (body: unknown, request: Request) => Promise<Result>;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!isSameOrigin(request)) return answer({ ok: false, error: 'invalid' }, 403);
    const body = await readJsonBody(request, options.maxBodyBytes);
    if (!body.ok) return answer({ ok: false, error: 'invalid' }, bodyRefusalStatus(body.error));
    const result = await options.run(body.value, request);
    if (result.ok) return answer(result, 200);
    // Every refusal the use-case can give is a key of statusOf (the type says so); 500 otherwise.
    const statusOf: Partial<Record<string, number>> = { ...COMMON_STATUS, ...options.statusOf };
    const status = statusOf[result.error] ?? 500;
    const retryAfter =
      result.retryAfterSeconds ?? (status === 503 ? UNAVAILABLE_RETRY_SECONDS : undefined);
    return answer(
      result,
      status,
      retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) },
    );
  };
}

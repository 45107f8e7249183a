// Requests to pages that Next itself would answer with a 500 (and an error log line each): refused
// in the proxy with the 4xx they deserve. Pure, so it is tested without a server.
import { joinChunks, parseJsonBytes } from '@/lib/http/body';

import { isSameOrigin } from './origin';

/** Next's own default limit for a Server Action body (serverActions.bodySizeLimit). */
export const MAX_ACTION_BODY_BYTES = 1024 * 1024;

const PAGE_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;

export type Refusal = {
  status: 400 | 403 | 405 | 413;
  code: 'method-not-allowed' | 'forbidden-origin' | 'body-too-large' | 'malformed-action';
  headers?: Record<string, string>;
};

/** Whether Next would treat this request as a (possible) Server Action. */
export function isPossibleServerAction(request: Request): boolean {
  if (request.method !== 'POST') return false;
  if (request.headers.has('next-action')) return true;
  const type = request.headers.get('content-type') ?? '';
  return (
    type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')
  );
}

/**
 * The body, or null when it is longer than `limit` bytes. The rest of a long body is read and
 * dropped rather than cancelled: Next tees the body for the proxy and waits for its end.
 */
async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const body = request.clone().body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) return null;
  return joinChunks(chunks, size);
}

/** Whether a Server Action body can be decoded at all (the rest is React's and Next's job). */
async function isDecodableActionBody(
  request: Request,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      await new Response(bytes, { headers: { 'content-type': type } }).formData();
      return true;
    } catch {
      return false;
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return true;
  // A fetch action's arguments: React's reply encoding, which is JSON text.
  return parseJsonBytes(bytes).ok;
}

/**
 * The refusal for a page request Next would fail on, or null to let it through: a method pages do
 * not answer (405), and for Server Actions a foreign, opaque or missing Origin (403), a body over
 * 1 MB (413) or one that cannot be decoded (400). The router state header never reaches the
 * proxy (Next strips it): ./http-server-guard.ts checks it at the HTTP server.
 */
export async function refusePageRequest(request: Request): Promise<Refusal | null> {
  if (!(PAGE_METHODS as readonly string[]).includes(request.method)) {
    return { status: 405, code: 'method-not-allowed', headers: { Allow: PAGE_METHODS.join(', ') } };
  }
  if (request.method !== 'POST') return null;
  // Pages take POST only as Server Actions; anything else is not a page request.
  if (!isPossibleServerAction(request)) {
    return { status: 405, code: 'method-not-allowed', headers: { Allow: PAGE_METHODS.join(', ') } };
  }
  if (!isSameOrigin(request)) return { status: 403, code: 'forbidden-origin' };
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_ACTION_BODY_BYTES) {
    return { status: 413, code: 'body-too-large' };
  }
  const bytes = await readLimited(request, MAX_ACTION_BODY_BYTES);
  if (bytes === null) return { status: 413, code: 'body-too-large' };
  if (!(await isDecodableActionBody(request, bytes))) {
    return { status: 400, code: 'malformed-action' };
  }
  return null;
}

import 'server-only';

import { readCappedBody } from '@/lib/http/body';

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; error: 'unsupported-media-type' | 'body-too-large' | 'invalid-json' };

function isJsonContentType(value: string | null): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Reads a JSON body of at most `maxBytes`, stopping as soon as the limit is passed, whatever
 * Content-Length claims. Returns the parsed value or the reason it was refused.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBodyResult> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return { ok: false, error: 'unsupported-media-type' };
  }
  const bytes = await readCappedBody(request, maxBytes);
  if (bytes === null) return { ok: false, error: 'body-too-large' };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, error: 'invalid-json' };
  }
}

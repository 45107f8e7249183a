// The one size-capped request body reader and the one JSON body parser, for every route handler
// that reads a body (the session and order routes, the Mercado Pago webhook, the CSP reports).
// No server-only import: nothing here is secret.

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; error: 'unsupported-media-type' | 'body-too-large' | 'invalid-json' };

/** Whether a Content-Type header names JSON (any parameters, any case). */
export function isJsonContentType(value: string | null | undefined): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The JSON in a body's bytes (strict UTF-8), or why it is none. */
export function parseJsonBytes(bytes: Uint8Array): JsonBodyResult {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, error: 'invalid-json' };
  }
}

/**
 * Reads an application/json body of at most `maxBytes`, stopping as soon as the limit is passed,
 * whatever Content-Length claims. Returns the parsed value or the reason it was refused.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBodyResult> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return { ok: false, error: 'unsupported-media-type' };
  }
  const bytes = await readCappedBody(request, maxBytes);
  if (bytes === null) return { ok: false, error: 'body-too-large' };
  return parseJsonBytes(bytes);
}

/**
 * The body's bytes, or null when it is larger than `maxBytes`: refused on a larger declared
 * Content-Length, and read no further than the limit whatever Content-Length claims.
 */
export async function readCappedBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  }
  return joinChunks(chunks, size);
}

/** The chunks of a body read piecewise, as one array of `size` bytes. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

// The one size-capped request body reader, for the route handlers that read a body themselves
// (the session route, the Mercado Pago webhook).

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

import { logFailure } from '@/lib/log';
import { isBackendUnavailable } from '@/lib/deadline';
import { MEDIA_PATH_PATTERN } from '@/lib/catalogue/pictures';
import { readObject, StorageUnavailableError } from '@/lib/media/storage';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/routes/json-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

/**
 * GET /media/{path}: an uploaded picture (a product photo, a banner) from storage. Its name is its
 * content, so anyone may keep it for a year; next/image reads it here to make the AVIF and WebP
 * the pages show. 404 for anything that is not a stored picture, 503 when storage cannot answer.
 */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const path = (await params).path.join('/');
  if (!MEDIA_PATH_PATTERN.test(path)) return new Response(null, { status: 404 });
  try {
    const object = await readObject(path);
    if (!object) return new Response(null, { status: 404 });
    return new Response(new Uint8Array(object.bytes), {
      headers: {
        'Content-Type': object.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError) && !isBackendUnavailable(error)) {
      logFailure('server.error', error, { what: 'media.read' });
    } else logFailure('backend.failed', error, { what: 'media.read' });
    return new Response(null, {
      status: 503,
      headers: { 'Cache-Control': 'no-store', 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
    });
  }
}

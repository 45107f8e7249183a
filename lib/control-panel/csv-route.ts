import 'server-only';

import { hasLocale } from 'next-intl';

import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/routes/json-route';
import { routing, type AppLocale } from '@/lib/i18n/routing';
import { logFailure } from '@/lib/log';
import { SessionUnavailableError } from '@/lib/session/session';

import { checkAdmin, type AdminCheck } from './auth';

/** A CSV download: its text and the file name the browser saves it under. */
export type CsvFile = { csv: string; fileName: string };

type Context = { params: Promise<{ locale: string }> };

function unavailable(): Response {
  return new Response(null, {
    status: 503,
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
  });
}

/**
 * A GET handler for one of the panel's CSV downloads, in the admin's language: 404 for an unknown
 * locale; admins only (401 without a session, 403 otherwise); 503 with Retry-After when the
 * session cannot be checked (a backend fault, not a signed-out visitor) or `build` fails, logged
 * as `what`.
 */
export function adminCsvRoute(
  what: string,
  build: (request: Request, locale: AppLocale) => Promise<CsvFile>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, { params }) => {
    const { locale } = await params;
    if (!hasLocale(routing.locales, locale)) return new Response(null, { status: 404 });
    let check: AdminCheck;
    try {
      check = await checkAdmin();
    } catch (error) {
      if (!(error instanceof SessionUnavailableError)) throw error;
      return unavailable();
    }
    if (check.status !== 'admin') {
      return new Response(null, { status: check.status === 'signed-out' ? 401 : 403 });
    }
    try {
      const { csv, fileName } = await build(request, locale);
      return new Response(csv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'no-store',
        },
      });
    } catch (error) {
      logFailure('backend.failed', error, { what });
      return unavailable();
    }
  };
}

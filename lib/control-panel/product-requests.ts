import 'server-only';

import { hasLocale } from 'next-intl';

import type { EditorProblem } from '@/lib/catalogue/editor-input';
import { isBackendUnavailable } from '@/lib/deadline';
import { routing, type AppLocale } from '@/lib/i18n/routing';
import { translatorFor } from '@/lib/i18n/translator';
import { logFailure } from '@/lib/log';
import { MAX_UPLOAD_BYTES } from '@/lib/media/images';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/routes/json-route';
import { StorageUnavailableError } from '@/lib/media/storage';
import { isSameOrigin } from '@/lib/security/origin';
import { SessionUnavailableError } from '@/lib/session/session';

import { checkAdmin } from './auth';
import type { Admin, EditorOutcome, UploadedFile } from './product-editor';

// The HTTP side of the panel's catalogue writes (app/api/control-panel/products/): same origin,
// an admin's session (checked here, on the server, for every call: a shopper gets 403), a body of
// bounded size, and an answer whose status says what happened, with localized messages.

/** Six photos of 10 MB and the form: a larger body is refused before it is read. */
const MAX_BODY_BYTES = 6 * MAX_UPLOAD_BYTES + 1024 * 1024;

export type EditorAnswer =
  | { ok: true; key: string }
  | {
      ok: false;
      code:
        | 'invalid'
        | 'unauthenticated'
        | 'forbidden'
        | 'not-found'
        | 'stale'
        | 'ordered'
        | 'too-large'
        | 'unavailable';
      message: string;
      problems?: { field: string; message: string }[];
    };

function reply(body: EditorAnswer, status: number, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** The admin's language: `?locale=` of the call, else pt-BR. */
function localeOf(request: Request): AppLocale {
  const locale = new URL(request.url).searchParams.get('locale');
  return locale && hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
}

/** A problem's message, in `locale`: the field's language told where it has one. */
export function problemMessage(problem: EditorProblem, locale: AppLocale): string {
  // One call for every key: typed per key, the union of their arguments is too large for tsc.
  const t = translatorFor(locale, 'ProductEditor.errors') as unknown as (
    key: string,
    values: Record<string, string | number>,
  ) => string;
  const lang = problem.field.endsWith('.en') ? 'en' : problem.field.endsWith('.pt-BR') ? 'pt' : '';
  return t(problem.key, { lang, ...problem.values });
}

/**
 * Runs `work` for an admin's call to a catalogue write: 403 for another origin or a signed-in
 * non-admin, 401 signed out, 413 too large, 503 when the session or the backend cannot answer;
 * otherwise `work`'s outcome as 200, 400 (each problem with its message), 404 or 409.
 */
export async function handleEditorRequest(
  request: Request,
  work: (context: { admin: Admin; locale: AppLocale }) => Promise<EditorOutcome>,
): Promise<Response> {
  const locale = localeOf(request);
  const t = translatorFor(locale, 'ProductEditor');
  const refuse = (code: Exclude<EditorAnswer, { ok: true }>['code'], status: number) =>
    reply({ ok: false, code, message: t(`answers.${code}`) }, status, {
      ...(status === 503 ? { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) } : {}),
    });
  if (!isSameOrigin(request)) return refuse('forbidden', 403);
  let admin: Admin;
  try {
    const check = await checkAdmin();
    if (check.status === 'signed-out') return refuse('unauthenticated', 401);
    if (check.status !== 'admin') return refuse('forbidden', 403);
    admin = { uid: check.user.uid, email: check.user.email };
  } catch (error) {
    if (!(error instanceof SessionUnavailableError)) throw error;
    return refuse('unavailable', 503);
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    return refuse('too-large', 413);
  }
  try {
    const outcome = await work({ admin, locale });
    if (outcome.ok) return reply(outcome, 200);
    if (outcome.reason === 'invalid') {
      return reply(
        {
          ok: false,
          code: 'invalid',
          message: t('answers.invalid'),
          problems: outcome.problems.map((problem) => ({
            field: problem.field,
            message: problemMessage(problem, locale),
          })),
        },
        400,
      );
    }
    return refuse(outcome.reason, outcome.reason === 'not-found' ? 404 : 409);
  } catch (error) {
    if (
      error instanceof StorageUnavailableError ||
      isBackendUnavailable(error) ||
      (error as { code?: unknown } | null)?.code === 'ECONNREFUSED'
    ) {
      logFailure('backend.failed', error, { what: 'catalogue.write' });
      return refuse('unavailable', 503);
    }
    throw error;
  }
}

/**
 * The editor's form: its JSON (`data`) and the files sent with it (photo-0 …), from a multipart
 * body, or the JSON alone; null when the body is neither.
 */
export async function readEditorForm(
  request: Request,
): Promise<{ data: unknown; files: Map<string, UploadedFile> } | null> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.startsWith('application/json'))
      return { data: await request.json(), files: new Map() };
    if (!type.startsWith('multipart/form-data')) return null;
    const form = await request.formData();
    const raw = form.get('data');
    if (typeof raw !== 'string') return null;
    const files = new Map<string, UploadedFile>();
    for (const [field, value] of form.entries()) {
      if (!/^photo-\d$/.test(field) || typeof value === 'string') continue;
      files.set(field, { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
    }
    return { data: JSON.parse(raw), files };
  } catch {
    return null;
  }
}

import 'server-only';

import { z } from 'zod';

import { locales, type AppLocale } from '@/lib/i18n/locales';

import { requireAdminAction } from './auth';
import { controlPanelTranslator } from './messages';

// The opening every Server Action of lib/control-panel/actions.ts shares: the admin first, then
// the input (a form's FormData or the same fields as a plain object) and the locale to answer in.

export type PanelActionResult = {
  ok: boolean;
  /** What happened, e.g. 'changed', 'not-allowed', 'stale', 'saved'. */
  code: string;
  /** The localized sentence to show. */
  message: string;
};

export const localeSchema = z.enum(locales);

/** The fields of a FormData (one value each; repeated names are invalid) or a plain object. */
function fieldsOf(input: unknown): Record<string, unknown> | null {
  if (input instanceof FormData) {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of input.entries()) {
      // Next adds $ACTION_* fields to progressively enhanced forms; they are not input.
      if (name.startsWith('$ACTION')) continue;
      if (typeof value !== 'string' || name in fields) return null;
      fields[name] = value;
    }
    return fields;
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  if (Object.getPrototypeOf(input) !== Object.prototype) return null;
  return input as Record<string, unknown>;
}

/** The locale to answer in: the form's, when it is one of ours. */
function answerLocale(fields: Record<string, unknown> | null): AppLocale {
  const parsed = localeSchema.safeParse(fields?.locale);
  return parsed.success ? parsed.data : 'pt-BR';
}

/**
 * Every admin action's start: the admin (anyone else gets a 403 before anything is read), the
 * locale to answer in with its translator, and the input parsed by `schema`.
 */
export async function adminRequest<S extends z.ZodType>(input: unknown, schema: S) {
  const admin = await requireAdminAction();
  const fields = fieldsOf(input);
  const locale = answerLocale(fields);
  return { admin, locale, t: controlPanelTranslator(locale), parsed: schema.safeParse(fields) };
}

import 'server-only';

import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';

/**
 * The ControlPanel translator for an action's answer. Actions run outside a page render, so they
 * translate with the locale the form sent (validated) rather than the request config.
 */
export function controlPanelTranslator(locale: AppLocale) {
  return translatorFor(locale, 'ControlPanel');
}

/** The OrderStatus labels in `locale`. */
export function statusTranslator(locale: AppLocale) {
  return translatorFor(locale, 'OrderStatus');
}

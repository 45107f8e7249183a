import 'server-only';

import { createTranslator } from 'next-intl';

import type { AppLocale } from '@/lib/i18n/locales';
import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

const MESSAGES = { en, 'pt-BR': ptBR } as const;

/**
 * The ControlPanel translator for an action's answer. Actions run outside a page render, so they
 * translate with the locale the form sent (validated) rather than the request config.
 */
export function controlPanelTranslator(locale: AppLocale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'ControlPanel' });
}

/** The OrderStatus labels in `locale`. */
export function statusTranslator(locale: AppLocale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'OrderStatus' });
}

import { createTranslator, type Messages, type NamespaceKeys, type NestedKeyOf } from 'next-intl';

import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

import type { AppLocale } from './locales';

// Both files have the same keys (messages/messages.test.ts); one type keeps the key checks precise.
const MESSAGES: Record<AppLocale, Messages> = { en, 'pt-BR': ptBR as Messages };

/**
 * The texts of `namespace` in `locale`, for code that runs outside a page's request config
 * (control-panel actions, the CSV export, the e-mails): they translate in a locale they were
 * given, from the message files themselves.
 */
export function translatorFor<
  const Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>,
>(locale: AppLocale, namespace: Namespace) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace });
}

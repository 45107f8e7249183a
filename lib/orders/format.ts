// Pure formatting for orders, shared by server and browser.
import type { AppLocale } from '@/lib/i18n/locales';

/** The shop is in Brazil: order times are shown in São Paulo time, wherever the reader is. */
export const ORDER_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<AppLocale, Intl.DateTimeFormat>();

/**
 * An order date in long form with day, hour and minute, e.g. '14 de março de 2026 às 10:30'
 * (pt-BR) or 'March 14, 2026 at 10:30 AM' (en). Returns '' for an unparseable date.
 */
export function formatOrderDate(iso: string, locale: AppLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: ORDER_TIME_ZONE,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/** Sum of value times quantity over the items, in centavos (0 for no items). */
export function orderTotal(items: readonly { quantity: number; value: number }[]): number {
  return items.reduce((sum, item) => sum + item.value * item.quantity, 0);
}

import { productPageLink } from '@/lib/catalogue/product';
import type { ProductRecord } from '@/lib/catalogue/types';
import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import type { MailMessage } from '@/lib/mail/templates';
import { SITE_URL } from '@/lib/site';

/** Where the e-mail's unsubscribe link goes: the page that asks to confirm it. */
export function unsubscribeUrl(locale: AppLocale, token: string): string {
  return `${SITE_URL}/${locale}/avise-me/cancelar?token=${encodeURIComponent(token)}`;
}

/**
 * The one e-mail of 'Avise-me quando chegar', in the shopper's language: the product is back,
 * its page, that no other notice follows, and the unsubscribe link.
 */
export function restockMail(
  alert: { productKey: string; email: string; locale: AppLocale; token: string },
  /** The product as the catalogue has it now (undefined: no longer there). */
  product: Pick<ProductRecord, 'key' | 'title'> | undefined,
): MailMessage {
  const t = translatorFor(alert.locale, 'RestockEmail');
  const title = product?.title[alert.locale] ?? alert.productKey;
  const url = `${SITE_URL}/${alert.locale}${product ? productPageLink(product.key) : ''}`;
  return {
    kind: 'restock',
    orderId: alert.productKey,
    to: alert.email,
    subject: t('subject', { title }),
    text: [
      t('greeting'),
      '',
      t('back', { title }),
      url,
      '',
      t('once'),
      t('unsubscribe', { url: unsubscribeUrl(alert.locale, alert.token) }),
      '',
      t('signature'),
    ].join('\n'),
  };
}

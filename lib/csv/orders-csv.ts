import { orderItemTitle } from '@/lib/catalogue/order-item-title';
import { decimalPrice } from '@/lib/catalogue/format';
import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { normalizePhone } from '@/lib/brazil';
import { orderStatusKey } from '@/lib/orders/status';
import type { OrderStatusFlags, ShippingOption } from '@/lib/orders/types';
import type { Address } from '@/lib/users/types';

import { csvDocument, type CsvDialect } from './csv';

// The control panel's order export: one row per order of the filtered list, headers, dates,
// amounts, receiving methods, statuses and product titles in the admin's language.

export type ExportOrder = {
  orderId: string;
  /** ISO 8601. */
  orderDate: string;
  customer: { name: string; email: string };
  /** `translatedTitle` is in the ordering language; the catalogue's title by `key` wins. */
  orderItems: readonly { key?: string; translatedTitle: string; quantity: number }[];
  /** Centavos. */
  total: number;
  shippingOption: ShippingOption;
  status: OrderStatusFlags;
  /** What the shop needs to ship and invoice (missing on older orders). */
  telephone?: string;
  cpf?: string | null;
  /** The delivery address; null for a pick-up. */
  address?: Address | null;
  giftMessage?: string;
  /** Centavos, included in `total` (lib/delivery); absent on older orders. */
  deliveryFee?: number;
  /** The delivery or pick-up day, 'yyyy-mm-dd'; null or absent: none chosen. */
  deliveryDate?: string | null;
  /** Who receives the order; '' or absent (older orders): the customer. */
  recipientName?: string;
  /** The coupon and what it took off the total; null or absent: none. */
  coupon?: { code: string; amount: number } | null;
};

/**
 * A phone as '(11) 91234-5678': the national form, which a spreadsheet reads as text as it is
 * (the '+55 ...' form starts like a formula and would get lib/csv/csv.ts's apostrophe).
 */
function csvPhone(value: string | undefined): string {
  const digits = normalizePhone(value ?? '');
  if (!digits) return value?.trim() ?? '';
  const split = digits.length - 4;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}

/** The shipping columns: telephone, CPF, street line, bairro, city, UF, CEP, gift message. */
function shippingCells(order: ExportOrder): string[] {
  const address = order.shippingOption === 'Entrega' ? order.address : null;
  return [
    csvPhone(order.telephone),
    order.cpf ?? '',
    address
      ? [address.street, address.number, address.extra]
          .map((part) => part.trim())
          .filter(Boolean)
          .join(', ')
      : '',
    address?.neighborhood ?? '',
    address?.city ?? '',
    address?.state ?? '',
    address?.postalCode ?? '',
    order.giftMessage ?? '',
  ];
}

export function csvDialect(locale: AppLocale): CsvDialect {
  return { delimiter: locale === 'pt-BR' ? ';' : ',' };
}

/** `yyyy-mm-dd hh:mm` in the shop's time zone: sortable, and read as a date by spreadsheets. */
function exportDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** `titleOf`: a product's name now by key (lib/catalogue/repository.ts productTitleLookup). */
export function ordersCsv(
  orders: readonly ExportOrder[],
  locale: AppLocale,
  titleOf: (key: string) => string | undefined = () => undefined,
): string {
  const t = translatorFor(locale, 'OrderExport');
  // Centavos as two decimals in the locale's notation: 265,90 (pt-BR) or 265.90 (en).
  const money = (centavos: number) =>
    locale === 'pt-BR' ? decimalPrice(centavos).replace('.', ',') : decimalPrice(centavos);
  const status = translatorFor(locale, 'OrderStatus');
  const header = [
    t('date'),
    t('number'),
    t('customer'),
    t('items'),
    t('total'),
    t('method'),
    t('status'),
    t('telephone'),
    t('cpf'),
    t('address'),
    t('neighborhood'),
    t('city'),
    t('state'),
    t('postalCode'),
    t('giftMessage'),
    t('deliveryFee'),
    t('deliveryDate'),
    t('recipient'),
    t('coupon'),
    t('couponDiscount'),
  ];
  const rows = orders.map((order) => [
    exportDate(order.orderDate),
    order.orderId,
    order.customer.name && order.customer.email
      ? `${order.customer.name} <${order.customer.email}>`
      : order.customer.name || order.customer.email,
    order.orderItems
      .map((item) => {
        const title = orderItemTitle(item, titleOf);
        return `${item.quantity} × ${title}`;
      })
      .join('; '),
    money(order.total),
    t(order.shippingOption === 'Entrega' ? 'shippingDelivery' : 'shippingPickup'),
    status(orderStatusKey(order.status)),
    ...shippingCells(order),
    money(order.deliveryFee ?? 0),
    order.deliveryDate ?? '',
    order.recipientName?.trim() || order.customer.name,
    order.coupon?.code ?? '',
    money(order.coupon?.amount ?? 0),
  ]);
  return csvDocument(header, rows, csvDialect(locale));
}

/** The download's file name: pedidos-2026-03-20.csv / orders-2026-03-20.csv. */
export function ordersCsvFileName(locale: AppLocale, now = new Date()): string {
  return `${locale === 'pt-BR' ? 'pedidos' : 'orders'}-${exportDate(now.toISOString()).slice(0, 10)}.csv`;
}

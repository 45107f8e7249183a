import { formatPrice } from '@/lib/catalogue/format';
import { formatDeliveryDay } from '@/lib/delivery/table';
import { formatAddress } from '@/lib/users/format-address';
import type { Address } from '@/lib/users/types';
import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import type { OrderStatusKey } from '@/lib/orders/status';
import { formatShopAddress, SHOP } from '@/lib/shop';
import { SITE_URL } from '@/lib/site';

// The order e-mails' texts, built from the messages files (namespace OrderEmail) in the order's
// language. Pure: the transport (lib/mail/send.ts) decides where they go.

/** What an order e-mail needs to know about the order, whatever its stored shape. */
export type MailOrder = {
  orderId: string;
  locale: AppLocale;
  /** ISO 8601. */
  orderDate: string;
  customer: { name: string; email: string };
  telephone: string;
  items: readonly { title: string; quantity: number; value: number }[];
  total: number;
  shippingOption: 'Entrega' | 'Retirada';
  /** Centavos, included in `total` (lib/delivery); 0 or absent: none. */
  deliveryFee?: number;
  /** The delivery or pick-up day, 'yyyy-mm-dd'; null or absent: none chosen. */
  deliveryDate?: string | null;
  /** The delivery address (null or missing for a pick-up), the CPF, the gift message. */
  address?: Address | null;
  cpf?: string | null;
  giftMessage?: string;
  /** Who receives the order; '' or absent: the customer. */
  recipientName?: string;
  /** The coupon and what it took off, included in `total`; null or absent: none. */
  coupon?: { code: string; amount: number } | null;
};

/** 'Quem recebe: ...': the recipient the checkout asked for, or the customer on older orders. */
function recipientLines(locale: AppLocale, order: MailOrder): string[] {
  const name = order.recipientName?.trim() || order.customer.name;
  return name ? [translator(locale)('recipient', { name })] : [];
}

/** 'Endereço de entrega: ...' for a delivery with an address; nothing otherwise. */
function addressLines(locale: AppLocale, order: MailOrder): string[] {
  if (order.shippingOption !== 'Entrega' || !order.address) return [];
  return [translator(locale)('deliveryAddress', { address: formatAddress(order.address) })];
}

/** What the shop needs to invoice, ship and pack: CPF, address and the gift card's message. */
function shippingDetails(order: MailOrder): string[] {
  const t = translator(SHOP_LOCALE);
  return [
    '',
    ...recipientLines(SHOP_LOCALE, order),
    order.cpf ? t('cpf', { cpf: order.cpf }) : t('noCpf'),
    ...addressLines(SHOP_LOCALE, order),
    ...(order.giftMessage?.trim() ? [t('giftMessage', { message: order.giftMessage.trim() })] : []),
  ];
}

/**
 * The statuses a shopper is told about by e-mail: every one they can see after placing the order
 * (the confirmation promises 'an e-mail at each step', messages OrderEmail.nextSteps).
 */
export type NotifiedStatus = Exclude<OrderStatusKey, 'awaitingApproval'>;

// A record, so that a status added to OrderStatusKey fails the type check until it is listed.
const NOTIFIED: Record<NotifiedStatus, true> = {
  waitingPayment: true,
  confirmed: true,
  inProduction: true,
  waitingForRetrieval: true,
  waitingForDelivery: true,
  delivered: true,
  cancelled: true,
};
export const NOTIFIED_STATUSES = Object.keys(NOTIFIED) as NotifiedStatus[];

export function isNotifiedStatus(status: OrderStatusKey): status is NotifiedStatus {
  return status !== 'awaitingApproval';
}

export type MailKind =
  | 'order-placed'
  | 'new-order'
  | 'shopper-cancelled'
  | 'payment-refunded'
  | `status-${NotifiedStatus}`
  // The club's (lib/club/emails.ts); `orderId` then names the member's uid.
  | 'club-joined'
  | 'club-new-member'
  | 'club-paused'
  | 'club-cancelled'
  | 'club-charged'
  | 'club-charge-failed'
  // The panel home's notices to the shop (lib/dashboard/mail-templates.ts).
  | 'shop-morning-summary'
  | 'shop-low-stock'
  // 'Avise-me quando chegar' (lib/restock/mail.ts); `orderId` then names the product.
  | 'restock';

export type MailMessage = {
  kind: MailKind;
  orderId: string;
  to: string;
  subject: string;
  text: string;
};

// The shop reads its notices in Portuguese, whatever language the shopper used.
const SHOP_LOCALE: AppLocale = 'pt-BR';

function translator(locale: AppLocale) {
  return translatorFor(locale, 'OrderEmail');
}

function statusLabel(locale: AppLocale, status: OrderStatusKey): string {
  return translatorFor(locale, 'OrderStatus')(status);
}

// Made once per locale: an Intl formatter costs far more to build than to use, and every order's
// transaction writes its e-mails.
const dateFormats = new Map<AppLocale, Intl.DateTimeFormat>();

function formatDate(locale: AppLocale, iso: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

function itemLines(locale: AppLocale, order: MailOrder): string[] {
  const t = translator(locale);
  return [
    t('itemsTitle'),
    ...order.items.map((item) =>
      t('itemLine', {
        quantity: String(item.quantity),
        title: item.title,
        price: formatPrice(item.value * item.quantity),
      }),
    ),
    ...(order.coupon?.amount
      ? [t('coupon', { code: order.coupon.code, amount: formatPrice(order.coupon.amount) })]
      : []),
    ...(order.deliveryFee ? [t('deliveryFee', { fee: formatPrice(order.deliveryFee) })] : []),
    t('total', { total: formatPrice(order.total) }),
    t('method', { method: order.shippingOption }),
    ...(order.deliveryDate
      ? [
          t(order.shippingOption === 'Retirada' ? 'pickupDate' : 'deliveryDate', {
            day: formatDeliveryDay(order.deliveryDate, locale, true),
          }),
        ]
      : []),
  ];
}

function orderPageUrl(order: MailOrder): string {
  return `${SITE_URL}/${order.locale}/checkout/${encodeURIComponent(order.orderId)}`;
}

/**
 * A mail to the shopper in the order's language: the greeting, `intro`, the items, the `closing`
 * lines (where to follow the order), how to ask and the signature.
 */
function shopperMail(
  order: MailOrder,
  kind: MailKind,
  subject: string,
  intro: string,
  closing: string[],
): MailMessage {
  const t = translator(order.locale);
  const text = [
    t('greeting', { name: order.customer.name || order.customer.email }),
    '',
    intro,
    '',
    ...itemLines(order.locale, order),
    ...closing,
    t('questions', { whatsapp: SHOP.whatsapp.display }),
    t('shopSignature'),
  ].join('\n');
  return { kind, orderId: order.orderId, to: order.customer.email, subject, text };
}

/** A notice to the shop, in its language: `intro`, the items and the panel filtered on the order. */
function shopNotice(
  order: MailOrder,
  shopAddress: string,
  kind: MailKind,
  subject: string,
  intro: string,
  details: readonly string[] = [],
): MailMessage {
  const t = translator(SHOP_LOCALE);
  const panelUrl = `${SITE_URL}/${SHOP_LOCALE}/control-panel/orders?q=${encodeURIComponent(order.orderId)}`;
  const text = [
    intro,
    ...details,
    '',
    ...itemLines(SHOP_LOCALE, order),
    '',
    t('openInPanel', { url: panelUrl }),
  ].join('\n');
  return { kind, orderId: order.orderId, to: shopAddress, subject, text };
}

/** To the shopper, in the order's language: the order number, items and total. */
export function orderPlacedMail(order: MailOrder): MailMessage {
  const t = translator(order.locale);
  return shopperMail(
    order,
    'order-placed',
    t('placedSubject', { orderId: order.orderId }),
    t('placedIntro', { orderId: order.orderId, date: formatDate(order.locale, order.orderDate) }),
    [
      ...recipientLines(order.locale, order),
      ...addressLines(order.locale, order),
      '',
      t('nextSteps'),
      t('follow', { url: orderPageUrl(order) }),
      '',
    ],
  );
}

/** To the shop: who ordered what, with a link to the panel filtered on this order. */
export function newOrderMail(order: MailOrder, shopAddress: string): MailMessage {
  const t = translator(SHOP_LOCALE);
  return shopNotice(
    order,
    shopAddress,
    'new-order',
    t('newOrderSubject', { orderId: order.orderId, total: formatPrice(order.total) }),
    t('newOrderIntro', {
      orderId: order.orderId,
      name: order.customer.name || '-',
      email: order.customer.email || '-',
      telephone: order.telephone || '-',
    }),
    shippingDetails(order),
  );
}

/** To the shopper, in the order's language, when the order reaches a status they care about. */
export function statusChangedMail(order: MailOrder, status: NotifiedStatus): MailMessage {
  const t = translator(order.locale);
  return shopperMail(
    order,
    `status-${status}`,
    t('statusSubject', { orderId: order.orderId, status: statusLabel(order.locale, status) }),
    t('statusIntro', { status, orderId: order.orderId, address: formatShopAddress() }),
    ['', t('follow', { url: orderPageUrl(order) })],
  );
}

/** To the shop: the shopper cancelled their open order themselves (its units went back). */
export function shopperCancelledMail(order: MailOrder, shopAddress: string): MailMessage {
  const t = translator(SHOP_LOCALE);
  return shopNotice(
    order,
    shopAddress,
    'shopper-cancelled',
    t('shopperCancelledSubject', { orderId: order.orderId }),
    t('shopperCancelledIntro', {
      orderId: order.orderId,
      name: order.customer.name || '-',
      email: order.customer.email || '-',
    }),
  );
}

/**
 * To the shopper, in the order's language: a payment of `amount` reais reached the order after it
 * was cancelled, and was refunded in full (lib/orders/refunds.ts).
 */
export function paymentRefundedMail(order: MailOrder, amount: number): MailMessage {
  const t = translator(order.locale);
  return shopperMail(
    order,
    'payment-refunded',
    t('refundedSubject', { orderId: order.orderId }),
    t('refundedIntro', { orderId: order.orderId, amount: formatPrice(amount) }),
    ['', t('follow', { url: orderPageUrl(order) })],
  );
}

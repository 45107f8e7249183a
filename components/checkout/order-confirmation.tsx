import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { cardClass, cardTitleClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Price } from '@/components/ui/price';
import { formatPhone } from '@/lib/brazil';
import { ORDER_PAYMENT_ANCHOR, ORDERS_ANCHOR } from '@/lib/orders/list';
import { formatPrice } from '@/lib/catalogue/format';
import { productTitleLookup } from '@/lib/catalogue/repository';
import { orderItemTitle } from '@/lib/catalogue/order-item-title';
import type { AppLocale } from '@/lib/i18n/locales';
import { Link } from '@/lib/i18n/navigation';
import type { PlacedOrder } from '@/lib/orders/types';
import { formatAddress } from '@/lib/orders/checkout-form';
import { formatOrderDate } from '@/lib/orders/format';
import { formatDeliveryDay } from '@/lib/delivery/table';
import { awaitsOnlinePayment, onlinePaymentAmount } from '@/lib/orders/online-payment';
import { isOpenOrderStatus, orderStatusGroup, orderStatusKey } from '@/lib/orders/status';
import type { OrderPaymentStatus } from '@/lib/payments/types';
import { formatShopAddress, openingHoursText, whatsappLink } from '@/lib/shop';
import { AddressText } from '@/components/ui/address-text';
import { DeferredOrderPageCancel, DeferredPaymentPanel } from './deferred-order-parts';

type Props = {
  order: PlacedOrder;
  locale: AppLocale;
  /** Mercado Pago's public key, or null when payments are not configured (manual mode). */
  publicKey: string | null;
  /** The payment Mercado Pago sent the shopper back with, when it did. */
  paymentId: string | null;
  /** Just placed (the page's heading says 'Pedido recebido!'): thanks the shopper. */
  received: boolean;
};

/** The message key under OrderConfirmation.paymentStates for each payment status. */
const PAYMENT_STATE_KEYS = {
  'not-required': 'notRequired',
  pending: 'pending',
  error: 'error',
  waiting: 'waiting',
  rejected: 'rejected',
  approved: 'approved',
  cancelled: 'cancelled',
  'needs-review': 'needsReview',
} as const satisfies Record<OrderPaymentStatus, string>;

/**
 * What the page says of the payment: a cancelled order that was never paid says so, rather than
 * 'Aguardando pagamento' or 'A combinar com a loja', which read as if it still could be.
 */
function paymentStateKey(order: PlacedOrder) {
  const settled = order.payment.status === 'approved' || order.payment.status === 'needs-review';
  if (!settled && orderStatusKey(order.status) === 'cancelled') return 'notPaidCancelled';
  return PAYMENT_STATE_KEYS[order.payment.status];
}

/**
 * The order's page, from the checkout, 'Meus pedidos' and the e-mails: its lines with their
 * totals, receiving method and place, payment state and how to pay, its shopper's cancel while it
 * is open, and the statuses it went through with their times.
 */
export async function OrderConfirmation({ order, locale, publicKey, paymentId, received }: Props) {
  const titleOf = await productTitleLookup(locale);
  const t = await getTranslations('OrderConfirmation');
  const status = await getTranslations('OrderStatus');
  const orders = await getTranslations('Orders');
  const contact = await getTranslations('Contact');
  const pickupTexts = await getTranslations('OrderPickup');
  const whatsappHref = whatsappLink(orders('whatsappText', { orderId: order.orderId }));

  const online = publicKey !== null && order.payment.provider === 'mercadopago';
  const unpaid = online && awaitsOnlinePayment(order);
  const pickup = order.shippingOption === 'Retirada';
  // Only its shopper cancels it here (an admin may see it, and cancels from the panel).
  const cancellable = order.ownedByViewer && isOpenOrderStatus(orderStatusKey(order.status));
  const cancelled = orderStatusKey(order.status) === 'cancelled';

  const whatsapp = (
    <a
      href={whatsappHref}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsappLabel', { orderId: order.orderId })}
      data-testid="order-whatsapp"
      className={buttonClass({ variant: 'whatsapp', className: 'self-start' })}
    >
      {t('whatsapp', { orderId: order.orderId })}
    </a>
  );

  return (
    <div className="mt-6 flex flex-col gap-8">
      {received ? <p className="text-lg">{t('intro')}</p> : null}

      <dl className={`${cardClass} grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]`}>
        <dt className="font-semibold text-cacao-600 dark:text-cacao-300">{t('orderNumber')}</dt>
        <dd data-testid="order-number" className="font-mono text-lg tracking-wider">
          {order.orderId}
        </dd>
        <dt className="font-semibold text-cacao-600 dark:text-cacao-300">{t('date')}</dt>
        <dd>
          <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate, locale)}</time>
        </dd>
        <dt className="font-semibold text-cacao-600 dark:text-cacao-300">{t('status')}</dt>
        <dd>
          <Badge
            size="sm"
            tone={orderStatusGroup(orderStatusKey(order.status))}
            data-testid="order-status"
          >
            {status(orderStatusKey(order.status))}
          </Badge>
        </dd>
        <dt className="font-semibold text-cacao-600 dark:text-cacao-300">{t('paymentState')}</dt>
        <dd data-testid="order-payment-state">{t(`paymentStates.${paymentStateKey(order)}`)}</dd>
      </dl>

      <section aria-labelledby="order-items">
        <h2 id="order-items" className={`${cardTitleClass} mb-2`}>
          {t('items')}
        </h2>
        <ul className="divide-y divide-cacao-200 dark:divide-cacao-800">
          {order.orderItems.map((item, index) => (
            <li
              key={`${item.key}:${index}`}
              data-testid="order-line"
              className="flex items-center justify-between gap-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold">{orderItemTitle(item, titleOf)}</p>
                <p className="text-sm text-cacao-600 dark:text-cacao-300">
                  {t('quantity', { count: item.quantity })} <Price amount={item.value} />
                </p>
              </div>
              <Price amount={item.value * item.quantity} className="font-bold" />
            </li>
          ))}
        </ul>
        {order.memberDiscount ? (
          <p
            data-testid="order-member-discount"
            className="mt-2 text-sm text-cacao-700 dark:text-cacao-200"
          >
            {t('memberDiscount', {
              percent: order.memberDiscount.percent,
              amount: formatPrice(order.memberDiscount.amount),
            })}
          </p>
        ) : null}
        {order.coupon && order.coupon.amount > 0 ? (
          <p
            data-testid="order-coupon"
            className="flex items-baseline justify-between gap-4 border-t border-cacao-200 py-3 dark:border-cacao-800"
          >
            <span>{t('coupon', { code: order.coupon.code })}</span>
            <span className="font-bold">
              −<Price amount={order.coupon.amount} />
            </span>
          </p>
        ) : null}
        {order.deliveryFee ? (
          <p
            data-testid="order-delivery-fee"
            className="flex items-baseline justify-between gap-4 border-t border-cacao-200 py-3 dark:border-cacao-800"
          >
            <span>{t('deliveryFee')}</span>
            <Price amount={order.deliveryFee} className="font-bold" />
          </p>
        ) : null}
        <p className="mt-2 flex items-baseline justify-between border-t border-cacao-300 pt-3 text-lg font-bold dark:border-cacao-700">
          <span>{t('total')}</span>
          <Price amount={order.total} className="text-2xl" />
        </p>
      </section>

      <section aria-labelledby="order-receiving" className={`${cardClass} flex flex-col gap-2`}>
        <h2 id="order-receiving" className={cardTitleClass}>
          {t('receiving')}: {pickup ? t('pickup') : t('delivery')}
        </h2>
        {pickup ? (
          <>
            <p>
              <span className="font-medium">{t('pickupPlace')}: </span>
              <span data-testid="order-place">
                <AddressText text={formatShopAddress()} />
              </span>
            </p>
            <p>
              <span className="font-medium">{t('pickupHours')}: </span>
              {openingHoursText((days) => contact('weekdays', days)).join(', ')}
            </p>
          </>
        ) : order.address ? (
          <p>
            <span className="font-medium">{t('deliveryAddress')}: </span>
            <span data-testid="order-place">
              <AddressText text={formatAddress(order.address)} />
            </span>
          </p>
        ) : null}
        {order.recipientName ? (
          <p>
            <span className="font-medium">{t('recipient')}: </span>
            <span data-testid="order-recipient">{order.recipientName}</span>
          </p>
        ) : null}
        {order.deliveryDate ? (
          <p>
            <span className="font-medium">{pickup ? t('pickupDate') : t('deliveryDate')}: </span>
            <span data-testid="order-day">
              {formatDeliveryDay(order.deliveryDate, locale, true)}
            </span>
          </p>
        ) : null}
        {order.telephone ? (
          <p className="text-sm text-cacao-700 dark:text-cacao-200">
            {t('telephone')}:{' '}
            <span data-testid="order-telephone" className="whitespace-nowrap">
              {formatPhone(order.telephone)}
            </span>
          </p>
        ) : null}
      </section>

      <section
        id={ORDER_PAYMENT_ANCHOR}
        aria-labelledby="order-payment"
        className="flex scroll-mt-24 flex-col gap-4"
      >
        <h2 id="order-payment" className={cardTitleClass}>
          {t('paymentTitle')}
        </h2>
        {/* A cancelled order has nothing left to pay or arrange: its payment state says so. */}
        {cancelled ? null : !online ? (
          <Notice tone="info" data-testid="manual-payment">
            {pickup ? pickupTexts('manualPayment') : t('manualPayment')}
          </Notice>
        ) : order.payment.status === 'approved' ? (
          <Notice tone="info">{t('paid')}</Notice>
        ) : order.payment.status === 'needs-review' ? (
          <Notice tone="info">{t('inReview')}</Notice>
        ) : unpaid && publicKey ? (
          <DeferredPaymentPanel
            orderId={order.orderId}
            publicKey={publicKey}
            preferenceId={order.payment.preferenceId}
            paymentId={paymentId}
            canRetry
            attempted={order.payment.status !== 'pending'}
            whatsappHref={whatsappHref}
            amount={onlinePaymentAmount(order)}
            statusKey={orderStatusKey(order.status)}
            ownedByViewer={order.ownedByViewer}
            declined={order.payment.status === 'rejected'}
          />
        ) : null}
        {whatsapp}
        {cancellable ? (
          <div className="flex flex-col items-start gap-2">
            <DeferredOrderPageCancel orderId={order.orderId} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="order-history" className="flex flex-col gap-2">
        <h2 id="order-history" className={cardTitleClass}>
          {t('historyTitle')}
        </h2>
        <ol data-testid="order-history" className="flex flex-col gap-1">
          {order.statusHistory.map((entry, index) => (
            <li
              key={`${entry.status}:${entry.at}:${index}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4"
            >
              <span className="font-medium">{status(entry.status)}</span>
              {entry.at ? (
                <time dateTime={entry.at} className="text-sm text-cacao-700 dark:text-cacao-200">
                  {formatOrderDate(entry.at, locale)}
                </time>
              ) : (
                <span className="text-sm text-cacao-700 dark:text-cacao-200">
                  {t('historyTimeUnknown')}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-wrap gap-3">
        <Link href={`/usuario#${ORDERS_ANCHOR}`} className={buttonClass({ variant: 'secondary' })}>
          {t('myOrders')}
        </Link>
        <Link href="/#chocolates" className={buttonClass({ variant: 'secondary' })}>
          {t('keepShopping')}
        </Link>
      </div>
    </div>
  );
}

import { getTranslations } from 'next-intl/server';
import { Price } from '@/components/ui/price';
import { formatPhone } from '@/lib/brazil';
import { productTitleLookup } from '@/lib/catalogue/repository';
import { formatPrice } from '@/lib/catalogue/format';
import { orderItemTitle } from '@/lib/catalogue/order-item-title';
import type { AdminOrder } from '@/lib/orders/types';
import { customerWhatsappLink } from '@/lib/control-panel/whatsapp';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatOrderDate } from '@/lib/orders/format';
import { formatDeliveryDay } from '@/lib/delivery/table';
import { orderStatusKey } from '@/lib/orders/status';
import { OrderStatusBadge, OrderStatusProvider, OrderStockHold } from './order-status';
import { DeferredOrderStatusControls } from './deferred-orders';
import { Notice } from '@/components/ui/notice';
import { GiftMessage } from './order-gift-message';

type Props = { order: AdminOrder; locale: AppLocale };

/**
 * One order in the panel: when, who, what, how it is received, its status and the next steps.
 * The status parts are client components sharing one state (./order-status.tsx), so a change
 * shows at once from the action's answer; they need the 'OrderStatus', 'ControlPanel.orders' and
 * 'ControlPanel.statusEditor' messages in the browser.
 */
export async function OrderCard({ order, locale }: Props) {
  const titleOf = await productTitleLookup(locale);
  const t = await getTranslations('ControlPanel.orders');
  const review = await getTranslations('PaymentReview');
  // The chat message goes in the language the customer shopped in.
  const customerT = await getTranslations({ locale: order.locale, namespace: 'ControlPanel' });
  const current = orderStatusKey(order.status);
  const name = order.customer.name || t('noName');
  const whatsapp = customerWhatsappLink(
    order.telephone,
    // A customer without a name is greeted without one, not as 'Sem nome'.
    customerT('orders.whatsappText', {
      named: order.customer.name ? 'yes' : 'no',
      name: order.customer.name,
      orderId: order.orderId,
    }),
  );
  const titleId = `order-${order.orderId}-title`;
  const address = order.address;

  return (
    <OrderStatusProvider initial={{ status: current, lastChange: order.lastChange }}>
      <article
        aria-labelledby={titleId}
        data-testid="admin-order"
        data-order-id={order.orderId}
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 id={titleId} className="text-lg font-bold">
              {t('order', { orderId: order.orderId })}
            </h3>
            <p className="text-sm text-cacao-600 dark:text-cacao-300">
              <span className="sr-only">{t('date')}: </span>
              <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate, locale)}</time>
            </p>
            <OrderStockHold
              text={
                order.holdsStockUntil
                  ? t('holdsStockUntil', { date: formatOrderDate(order.holdsStockUntil, locale) })
                  : null
              }
            />
          </div>
          <p className="flex flex-col items-end text-sm">
            <span className="text-muted">{t('currentStatus')}</span>
            <OrderStatusBadge />
          </p>
        </header>

        {order.paymentReview ? (
          <Notice tone="error" as="div" className="mt-4" data-testid="admin-order-payment-review">
            <p className="font-bold">{review('flag')}</p>
            <p>
              {order.paymentReview.extraPayments.length > 0
                ? review('doublePayment')
                : review('unmatchedPayment')}
            </p>
            <p className="mt-1">{review('paymentIds')}:</p>
            <ul className="list-disc ps-5">
              {order.paymentReview.paymentId ? (
                <li>
                  {order.paymentReview.extraPayments.length > 0
                    ? review('firstPayment', { paymentId: order.paymentReview.paymentId })
                    : order.paymentReview.paymentId}
                </li>
              ) : null}
              {order.paymentReview.extraPayments.map((extra) => (
                <li key={extra.paymentId}>
                  {extra.at
                    ? review('extraPaymentAt', {
                        paymentId: extra.paymentId,
                        date: formatOrderDate(extra.at, locale),
                      })
                    : review('extraPayment', { paymentId: extra.paymentId })}
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}

        {order.refunds.length > 0 ? (
          <Notice
            tone={order.refunds.some((refund) => refund.state === 'failed') ? 'error' : 'info'}
            as="div"
            className="mt-4"
            data-testid="admin-order-refunds"
          >
            <p className="font-bold">{review('refundsTitle')}</p>
            <ul className="list-disc ps-5">
              {order.refunds.map((refund) => {
                const values = { paymentId: refund.paymentId, amount: formatPrice(refund.amount) };
                return (
                  <li key={refund.paymentId}>
                    {refund.state === 'refunded'
                      ? review('refundDone', {
                          ...values,
                          date: refund.at ? formatOrderDate(refund.at, locale) : '-',
                        })
                      : refund.state === 'failed'
                        ? review('refundFailed', values)
                        : review('refundOwed', values)}
                  </li>
                );
              })}
            </ul>
          </Notice>
        ) : null}

        {/* Columns of at most their share (minmax(0, 1fr)): a long e-mail is cut, not spilled. */}
        <dl className="mt-4 grid grid-cols-1 gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0">
            <dt className="font-semibold text-muted">{t('customer')}</dt>
            <dd>{name}</dd>
            {/* One line, never broken inside the address: cut with an ellipsis when it is too
                long, whole in its tooltip. */}
            <dd
              data-testid="admin-order-email"
              title={order.customer.email || undefined}
              className="truncate"
            >
              {order.customer.email || t('noEmail')}
            </dd>
            <dd>{order.telephone ? formatPhone(order.telephone) : t('noTelephone')}</dd>
            <dd data-testid="admin-order-cpf">
              {order.cpf ? t('cpf', { cpf: order.cpf }) : t('noCpf')}
            </dd>
            <dd className="mt-1">
              {whatsapp ? (
                <a
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('whatsappLabel', { name, orderId: order.orderId })}
                  className="font-semibold text-emerald-700 underline hover:no-underline dark:text-emerald-300"
                >
                  {t('whatsapp')}
                </a>
              ) : (
                <span className="text-muted">{t('noWhatsapp')}</span>
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-semibold text-muted">{t('items')}</dt>
            <dd>
              <ul>
                {order.orderItems.map((item, index) => (
                  <li key={`${item.key ?? item.translatedTitle}-${index}`} className="flex gap-2">
                    <span>{t('quantityTimes', { quantity: item.quantity })}</span>
                    <span className="flex-1">{orderItemTitle(item, titleOf)}</span>
                    {/* The line's total, as the shopper's order page shows it. */}
                    <Price amount={item.value * item.quantity} className="whitespace-nowrap" />
                  </li>
                ))}
              </ul>
            </dd>
            {order.coupon && order.coupon.amount > 0 ? (
              <>
                <dt className="sr-only">{t('coupon', { code: order.coupon.code })}</dt>
                <dd
                  data-testid="admin-order-coupon"
                  className="mt-1 flex justify-between border-t border-cacao-200 pt-1 dark:border-cacao-800"
                >
                  <span aria-hidden="true">{t('coupon', { code: order.coupon.code })}</span>
                  <span>
                    −<Price amount={order.coupon.amount} />
                  </span>
                </dd>
              </>
            ) : null}
            {order.deliveryFee ? (
              <>
                <dt className="sr-only">{t('deliveryFee')}</dt>
                <dd
                  data-testid="admin-order-delivery-fee"
                  className="mt-1 flex justify-between border-t border-cacao-200 pt-1 dark:border-cacao-800"
                >
                  <span aria-hidden="true">{t('deliveryFee')}</span>
                  <Price amount={order.deliveryFee} />
                </dd>
              </>
            ) : null}
            <dt className="sr-only">{t('total')}</dt>
            <dd className="mt-1 flex justify-between border-t border-cacao-200 pt-1 font-bold dark:border-cacao-800">
              <span aria-hidden="true">{t('total')}</span>
              <Price amount={order.total} />
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted">
              {order.shippingOption === 'Retirada' ? t('pickup') : t('delivery')}
            </dt>
            {/* What the courier asks for: the checkout's recipient, the customer on older orders. */}
            {order.recipientName?.trim() || order.customer.name ? (
              <dd data-testid="admin-order-recipient" className="break-words">
                {t('recipient', { name: order.recipientName?.trim() || order.customer.name })}
              </dd>
            ) : null}
            {order.shippingOption === 'Entrega' ? (
              <dd>
                <span className="sr-only">{t('address')}: </span>
                {address
                  ? [
                      `${address.street}, ${address.number}`,
                      address.extra,
                      address.neighborhood,
                      `${[address.city, address.state].filter(Boolean).join('/')} — ${address.postalCode}`,
                    ]
                      .filter(Boolean)
                      .map((line) => (
                        <span key={line} className="block">
                          {line}
                        </span>
                      ))
                  : t('noAddress')}
              </dd>
            ) : null}
            {order.deliveryDate ? (
              <dd data-testid="admin-order-day">
                {t('deliveryDate')}: {formatDeliveryDay(order.deliveryDate, locale)}
              </dd>
            ) : null}
          </div>
          <GiftMessage message={order.giftMessage} title={t('giftMessage')} />
        </dl>

        <div className="mt-4 border-t border-cacao-200 pt-4 dark:border-cacao-800">
          <DeferredOrderStatusControls
            locale={locale}
            orderId={order.orderId}
            shippingOption={order.shippingOption}
          />
        </div>
      </article>
    </OrderStatusProvider>
  );
}

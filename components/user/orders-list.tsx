'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useCatalogueEntries } from '@/components/providers/catalogue-provider';
import { useUserStore, useUserStoreApi } from '@/components/providers/user-store-provider';
import { Price } from '@/components/ui/price';
import { orderItemTitle } from '@/lib/catalogue/order-item-title';
import { usePollWhileVisible } from '@/lib/hooks/use-poll-while-visible';
import { getMyOrders } from '@/lib/orders/actions';
import { formatOrderDate } from '@/lib/orders/format';
import { ORDER_PAYMENT_ANCHOR, RECENT_ORDERS_COUNT, visibleOrders } from '@/lib/orders/list';
import { openStatusFingerprint, type OrderStatusSnapshot } from '@/lib/orders/live';
import { isOpenOrderStatus, orderStatusGroup, orderStatusKey } from '@/lib/orders/status';
import type { Order } from '@/lib/orders/types';
import { Link } from '@/lib/i18n/navigation';
import { whatsappLink } from '@/lib/shop';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { sectionTitleClass } from '@/components/ui/card';
import { noticeClass } from '@/components/ui/notice';
import { CancelOrder } from './cancel-order';

type Props = {
  /** Orders read by the server with the page (/usuario); without them the list fetches its own. */
  initialOrders?: Order[];
  /** Fetch only while this is true (the user tab is open). */
  active?: boolean;
  headingLevel?: 2 | 3;
  /** The section's id, so a link can open the page at the orders (/usuario only). */
  anchorId?: string;
};

type LoadState = {
  /** The last orders read; null until the first answer. */
  orders: Order[] | null;
  failed: boolean;
  /** Which request these results answer (see `wanted`). */
  request: number;
};

/**
 * The signed-in user's orders: the 3 most recent, newest first, a toggle for all when
 * there are more, each expandable to its items and receiving method, with a WhatsApp follow-up.
 * Refetches when another part of the app flags ordersNeedUpdate.
 */
export function OrdersList({ initialOrders, active = true, headingLevel = 3, anchorId }: Props) {
  const t = useTranslations('Orders');
  const titleId = useId();
  const userStore = useUserStoreApi();
  const [state, setState] = useState<LoadState>(() => ({
    orders: initialOrders ?? null,
    failed: false,
    request: 0,
  }));
  // The request the list wants answered: 0 is "the orders it was given"; each bump (first load
  // without given orders, retry, ordersNeedUpdate) asks for a fresh read.
  const [wanted, setWanted] = useState(() =>
    initialOrders && !userStore.getState().ordersNeedUpdate ? 0 : 1,
  );
  const [showAll, setShowAll] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const loading = state.request !== wanted;

  // Another part of the app changed an order: read again (now, or when the tab opens).
  useEffect(
    () =>
      userStore.subscribe((store) => {
        if (store.ordersNeedUpdate && store.currentUser) setWanted((value) => value + 1);
      }),
    [userStore],
  );

  useEffect(() => {
    if (!active || !loading) return;
    let cancelled = false;
    const request = wanted;
    // This read covers the pending update.
    if (userStore.getState().ordersNeedUpdate) userStore.getState().setOrdersNeedUpdate(false);
    getMyOrders().then(
      (result) => {
        if (cancelled) return;
        setState((current) =>
          result.ok
            ? { orders: result.orders, failed: false, request }
            : { ...current, failed: true, request },
        );
      },
      (cause: unknown) => {
        console.error('Loading the orders failed:', cause);
        if (!cancelled) setState((current) => ({ ...current, failed: true, request }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, loading, wanted, userStore]);

  // Live status changes: while the list is shown and the page visible, compare the open orders'
  // statuses on the server with the ones shown; a difference flags ordersNeedUpdate (read above).
  const signedIn = useUserStore((store) => store.currentUser !== null);
  const fingerprint =
    state.orders && !loading
      ? openStatusFingerprint(
          state.orders.map((order) => ({
            orderId: order.orderId,
            status: orderStatusKey(order.status),
          })),
        )
      : null;
  const shownFingerprint = useRef(fingerprint);
  useEffect(() => {
    shownFingerprint.current = fingerprint;
  }, [fingerprint]);
  // The server's count of changes to this shopper's orders at the last comparison: sent back, it
  // lets a poll with nothing new answer 'unchanged' without reading the orders.
  const seenMarker = useRef<number | null>(null);
  usePollWhileVisible(async (signal) => {
    const query = seenMarker.current === null ? '' : `?seen=${seenMarker.current}`;
    const response = await fetch(`/api/orders/changes${query}`, { cache: 'no-store', signal });
    // Signed out or unavailable: the list's own reads say so; nothing to compare.
    if (!response.ok) return;
    const body = (await response.json()) as {
      orders?: OrderStatusSnapshot[];
      unchanged?: boolean;
      marker?: number;
    };
    if (body.unchanged || !body.orders) return;
    const shown = shownFingerprint.current;
    // Nothing shown yet to compare with: ask again in full next time.
    if (shown === null) return;
    seenMarker.current = typeof body.marker === 'number' ? body.marker : null;
    if (openStatusFingerprint(body.orders) !== shown) {
      userStore.getState().setOrdersNeedUpdate(true);
    }
  }, active && signedIn);

  const retry = () => setWanted((value) => value + 1);

  const orders = state.orders;
  return (
    <section id={anchorId} aria-labelledby={titleId} className="flex scroll-mt-24 flex-col gap-3">
      <Heading id={titleId} className={sectionTitleClass}>
        {t('title')}
      </Heading>
      {orders === null ? (
        state.failed && !loading ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className={noticeClass('error', 'sm')}>
              {t('loadFailed')}
            </p>
            <button type="button" onClick={retry} className={buttonClass({ variant: 'secondary' })}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <p role="status">{t('loading')}</p>
        )
      ) : orders.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-busy={loading}>
            {visibleOrders(orders, showAll).map((order) => (
              <OrderCard key={order.orderId} order={order} />
            ))}
          </ul>
          {orders.length > RECENT_ORDERS_COUNT ? (
            <button
              type="button"
              onClick={() => setShowAll((value) => !value)}
              className={buttonClass({ variant: 'secondary', className: 'self-start' })}
            >
              {showAll ? t('showRecent') : t('showAll')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const t = useTranslations('Orders');
  const status = useTranslations('OrderStatus');
  const locale = useLocale();
  const entries = useCatalogueEntries();
  const titleOf = (key: string) => entries.find((entry) => entry.key === key)?.title;
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();

  return (
    <li data-testid="order" className="rounded-xl border border-cacao-200 dark:border-cacao-800">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((value) => !value)}
        className="flex w-full items-start justify-between gap-3 rounded-xl px-3 py-2 text-left hover:bg-cacao-100 dark:hover:bg-cacao-900"
      >
        {/* The number on its line; the date and the status below it, side by side when both
            fit, else the status under the date: neither is ever broken over lines. */}
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold">{t('order', { orderId: order.orderId })}</span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <time
              dateTime={order.orderDate}
              suppressHydrationWarning
              data-testid="order-date"
              className="text-sm whitespace-nowrap text-cacao-700 dark:text-cacao-200"
            >
              {formatOrderDate(order.orderDate, locale)}
            </time>
            <Badge
              size="xs"
              tone={orderStatusGroup(orderStatusKey(order.status))}
              className="whitespace-nowrap"
            >
              {status(orderStatusKey(order.status))}
            </Badge>
          </span>
        </span>
        <span
          aria-hidden="true"
          className={`shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
        >
          ▾
        </span>
      </button>
      <div
        id={panelId}
        hidden={!expanded}
        className="border-t border-cacao-200 px-3 py-2 dark:border-cacao-800"
      >
        <p className="text-sm font-medium">{t('items')}</p>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {order.orderItems.map((item, index) => (
            <li
              key={`${item.key ?? item.translatedTitle}-${index}`}
              className="flex justify-between gap-2"
            >
              <span>
                {t('quantityTimes', { quantity: item.quantity })} {orderItemTitle(item, titleOf)}
              </span>
              {/* The line's total ('3 × Mini Ovo R$ 105,00'), as the e-mails and the total. */}
              <Price amount={item.value * item.quantity} className="shrink-0" />
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          <dt className="font-medium">{t('receivingMethod')}:</dt>
          <dd>{order.shippingOption === 'Retirada' ? t('pickup') : t('delivery')}</dd>
          <dt className="font-medium">{t('total')}:</dt>
          <dd>
            <Price amount={order.total} />
          </dd>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 px-3 pb-2">
        {/* The order's page: address, payment state and the history of its statuses. */}
        <Link
          href={`/checkout/${encodeURIComponent(order.orderId)}`}
          aria-label={t('detailsLabel', { orderId: order.orderId })}
          className={buttonClass({ variant: 'secondary', size: 'xs' })}
        >
          {t('details')}
        </Link>
        <a
          href={whatsappLink(t('whatsappText', { orderId: order.orderId }))}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('whatsappLabel', { orderId: order.orderId })}
          className={buttonClass({ variant: 'secondary', size: 'xs' })}
        >
          {t('whatsapp')}
        </a>
        {/* Unpaid online: the order's page has Mercado Pago's payment, as after checkout. */}
        {order.payOnline ? (
          <Link
            href={`/checkout/${encodeURIComponent(order.orderId)}#${ORDER_PAYMENT_ANCHOR}`}
            aria-label={t('payLabel', { orderId: order.orderId })}
            className={buttonClass({ variant: 'primary', size: 'xs' })}
          >
            {t('pay')}
          </Link>
        ) : null}
        {isOpenOrderStatus(orderStatusKey(order.status)) ? (
          <CancelOrder orderId={order.orderId} />
        ) : null}
      </div>
    </li>
  );
}

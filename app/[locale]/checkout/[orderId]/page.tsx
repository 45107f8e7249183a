import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { OrderConfirmation } from '@/components/checkout/order-confirmation';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { DeferredLoginPanel } from '@/components/user/deferred-login-panel';
import { AccountMessages } from '@/components/providers/account-messages';
import type { AppLocale } from '@/lib/i18n/routing';
import { ORDER_ID_PATTERN } from '@/lib/orders/limits';
import { orderStatusKey } from '@/lib/orders/status';
import { getMyPlacedOrder, type MyPlacedOrder } from '@/lib/orders/my-order';
import { getMercadoPagoPublicKey } from '@/lib/payments/mercadopago';
import { SessionUnavailableError } from '@/lib/session/session';
import { logFailure } from '@/lib/log';

// The signed-in owner's order, read fresh on every request.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale; orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Mercado Pago's payment ids are numbers; anything else in the URL is ignored. */
const PAYMENT_ID_PATTERN = /^\d{1,30}$/;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, orderId } = await params;
  const t = await getTranslations({ locale, namespace: 'OrderConfirmation' });
  return {
    title: t('metaTitle', { orderId: ORDER_ID_PATTERN.test(orderId) ? orderId : '' }).trim(),
    robots: { index: false, follow: false },
  };
}

/**
 * The order's page, first shown as the confirmation and linked from 'Meus pedidos' and every
 * order e-mail: only the signed-in owner's order, or any for an admin (anyone else, or an unknown
 * id, gets the localized 404), with its lines, receiving, payment state, status history, the
 * WhatsApp follow-up and, when Mercado Pago is configured, the payment. Signed out (a link from
 * the e-mail, another device), it shows the login form of /usuario; the sign-in refreshes this
 * page, which then shows the order or the 404. When Auth or Firestore cannot answer in time it
 * says the service is temporarily unavailable, never 'not found'.
 */
export default async function OrderConfirmationPage({ params, searchParams }: Props) {
  const { locale, orderId } = await params;
  setRequestLocale(locale);
  if (!ORDER_ID_PATTERN.test(orderId)) notFound();
  let mine: MyPlacedOrder;
  try {
    mine = await getMyPlacedOrder(orderId);
  } catch (error) {
    // The session check, or the order's read (a Firestore error or the backend deadline).
    logFailure('backend.failed', error, {
      what: error instanceof SessionUnavailableError ? 'checkout.order' : 'checkout.order.read',
    });
    return <ServiceUnavailable />;
  }
  if (!mine.signedIn) {
    const s = await getTranslations('OrderSignIn');
    return (
      <section className="mx-auto max-w-3xl px-6 pt-28 pb-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{s('title')}</h1>
        <p className="mt-4 text-lg text-cacao-700 dark:text-cacao-200">{s('description')}</p>
        <div className="mt-8 max-w-md">
          <AccountMessages>
            <DeferredLoginPanel active headingLevel={2} />
          </AccountMessages>
        </div>
      </section>
    );
  }
  const order = mine.order;
  if (!order) notFound();

  const t = await getTranslations('OrderConfirmation');
  const status = await getTranslations('OrderStatus');
  const statusKey = orderStatusKey(order.status);
  // Nothing happened to it since it was placed (as right after the checkout): 'Pedido recebido!';
  // later (a cancelled, confirmed or delivered order), the heading says where it is now.
  const received = statusKey === 'awaitingApproval';
  const messages = await getMessages();
  const paymentParam = (await searchParams).payment_id;
  const paymentId =
    typeof paymentParam === 'string' && PAYMENT_ID_PATTERN.test(paymentParam) ? paymentParam : null;

  return (
    <section className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {received ? t('title') : t('stateTitle', { orderId, status: status(statusKey) })}
      </h1>
      {/* The payment and the cancel are the client parts; they need these namespaces. */}
      <NextIntlClientProvider
        messages={{
          OrderConfirmation: messages.OrderConfirmation,
          CheckoutErrors: messages.CheckoutErrors,
          Orders: messages.Orders,
          IslandCode: messages.IslandCode,
        }}
      >
        <OrderConfirmation
          order={order}
          locale={locale}
          publicKey={getMercadoPagoPublicKey()}
          paymentId={paymentId}
          received={received}
        />
      </NextIntlClientProvider>
    </section>
  );
}

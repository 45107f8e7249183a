import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { DeferredCheckoutView } from '@/components/checkout/deferred-checkout-view';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import type { AppLocale } from '@/lib/i18n/routing';
import { readSession, SessionUnavailableError } from '@/lib/session/session';
import { formatShopAddress, openingHoursText } from '@/lib/shop';
import { logFailure } from '@/lib/log';
import { isBackendUnavailable } from '@/lib/deadline';
import { listProductRecords } from '@/lib/catalogue/repository';
import { getMembershipInTime } from '@/lib/club/repository';
import { checkoutMemberDiscount, memberPerks, type CheckoutMemberDiscount } from '@/lib/club/perks';

// Per shopper and per request (the session decides between sign-in and the form): never cached.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * The checkout, reached from the shopping list: the cart, sign-in when needed, delivery or
 * pick-up, contact and 'Confirmar pedido'. The form places the order with POST /api/orders.
 */
export default async function CheckoutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Checkout');
  const contact = await getTranslations('Contact');
  const common = await getTranslations('Common');
  const messages = await getMessages();
  let user;
  let member: CheckoutMemberDiscount | null = null;
  try {
    const session = await readSession();
    user = session.status === 'signed-in' ? session.user : null;
    // A club member sees their discount in the summary (lib/club/perks.ts); the order's server
    // prices it again from the membership, whatever this page showed.
    if (user?.isMember) {
      const membership = await getMembershipInTime(user.uid);
      member = checkoutMemberDiscount(memberPerks(membership), await listProductRecords());
    }
  } catch (error) {
    if (!(error instanceof SessionUnavailableError) && !isBackendUnavailable(error)) throw error;
    // Auth or Firestore cannot answer: say so rather than asking a signed-in shopper to sign in.
    logFailure('backend.failed', error, { what: 'checkout.session' });
    return <ServiceUnavailable />;
  }

  return (
    <section className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
      {/* Only this page's island needs these messages in the browser. */}
      <NextIntlClientProvider
        messages={{
          Checkout: messages.Checkout,
          CheckoutErrors: messages.CheckoutErrors,
          Coupon: messages.Coupon,
        }}
      >
        <DeferredCheckoutView
          initialUser={
            user
              ? { uid: user.uid, name: user.name, telephone: user.telephone, address: user.address }
              : null
          }
          memberDiscount={member}
          loadFailed={{ message: common('panelFailed'), reload: common('panelReload') }}
          pickup={{
            address: formatShopAddress(),
            hours: openingHoursText((days) => contact('weekdays', days)),
          }}
        />
      </NextIntlClientProvider>
    </section>
  );
}

import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DeferredAccountView } from '@/components/user/deferred-account-view';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { Notice } from '@/components/ui/notice';
import { ORDERS_ANCHOR } from '@/lib/orders/list';
import { DeferredLoginPanel } from '@/components/user/deferred-login-panel';
import { AccountMessages } from '@/components/providers/account-messages';
import type { AppLocale } from '@/lib/i18n/routing';
import { expireDueOrdersLazily } from '@/lib/orders/expiry';
import { listOrdersForUser } from '@/lib/orders/repository/reads';
import { getMercadoPagoPublicKey } from '@/lib/payments/mercadopago';
import type { Order } from '@/lib/orders/types';
import { readSession, SessionUnavailableError, type SessionState } from '@/lib/session/session';
import { logFailure } from '@/lib/log';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { MembershipSection } from '@/components/club/membership-section';
import type { Membership } from '@/lib/club/membership';
import { getMembershipInTime } from '@/lib/club/repository';

// Per user and per request: read from the session cookie, never prerendered or cached.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: AppLocale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'UserPage' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * The user page: the account of the signed-in user, or the login form. `?reauth=1` (from the
 * control panel, lib/control-panel/auth.ts) adds the login form for a signed-in admin whose
 * sign-in is too old for the panel. When Auth or Firestore cannot answer, it says so.
 */
export default async function UserPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('UserPage');
  let session: SessionState;
  try {
    session = await readSession();
  } catch (error) {
    if (!(error instanceof SessionUnavailableError)) throw error;
    logFailure('backend.failed', error, { what: 'account.session' });
    return <ServiceUnavailable />;
  }
  const user = session.status === 'signed-in' ? session.user : null;
  const reauth = user !== null && (await searchParams).reauth === '1';
  let orders: Order[] | undefined;
  let membership: Membership | null | 'unavailable' = null;
  if (user) {
    try {
      membership = await getMembershipInTime(user.uid);
    } catch (error) {
      // The section says it could not be read; the rest of the account still shows.
      logFailure('backend.failed', error, { what: 'account.membership' });
      membership = 'unavailable';
    }
    try {
      // An unpaid order past its deadline is listed as cancelled, not as waiting for payment.
      await expireDueOrdersLazily();
      orders = await withDeadline(
        listOrdersForUser(user.uid, { onlinePayment: getMercadoPagoPublicKey() !== null }),
        backendDeadlineMs(),
        'orders read',
      );
    } catch (error) {
      // The rest of the account still shows; the list then fetches (and reports) on its own.
      logFailure('backend.failed', error, { what: 'account.orders' });
    }
  }

  return (
    <section className="mx-auto max-w-3xl px-6 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {user ? t('title') : t('signedOutTitle')}
      </h1>
      {/* This page shows the account itself: its texts come with it (not with the user tab). */}
      <AccountMessages>
        {reauth ? (
          <div className="mt-8 max-w-md">
            <Notice tone="info">{(await getTranslations('Resilience'))('reauth')}</Notice>
            <div className="mt-4">
              <DeferredLoginPanel active headingLevel={2} />
            </div>
          </div>
        ) : null}
        {user ? (
          <div className="mt-8">
            <DeferredAccountView
              user={user}
              isAdmin={user.isAdmin}
              orders={orders}
              headingLevel={2}
              ordersAnchor={ORDERS_ANCHOR}
            />
            <div className="mt-8">
              <MembershipSection locale={locale} membership={membership} />
            </div>
          </div>
        ) : (
          <>
            <p className="mt-4 text-lg text-cacao-700 dark:text-cacao-200">{t('description')}</p>
            <div className="mt-8 max-w-md">
              <DeferredLoginPanel active headingLevel={2} />
            </div>
          </>
        )}
      </AccountMessages>
    </section>
  );
}

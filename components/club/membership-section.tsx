import { getTranslations } from 'next-intl/server';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cardClass, cardTitleClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Link } from '@/lib/i18n/navigation';
import type { AppLocale } from '@/lib/i18n/locales';
import { clubMonth, clubSelections, getClubPlan } from '@/lib/club/config';
import { allowedAction, MEMBERSHIP_ACTIONS } from '@/lib/club/manage';
import type { Membership, MembershipState } from '@/lib/club/membership';
import { formatPrice } from '@/lib/catalogue/format';
import { MembershipActions } from './membership-actions';

type Props = {
  locale: AppLocale;
  /** The member's membership; null when they never joined; 'unavailable' when unread. */
  membership: Membership | null | 'unavailable';
};

/** The anchor of the club section on /usuario. */
export const CLUB_ANCHOR = 'clube';

const STATE_TONE: Record<MembershipState, BadgeTone> = {
  pending: 'waiting',
  active: 'done',
  paused: 'neutral',
  cancelled: 'cancelled',
};

function formatMonth(locale: AppLocale, month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 15)));
}

/**
 * The club on /usuario: the plan, its state, the next charge and the boxes received, with pause,
 * resume and cancel (components/club/membership-actions.tsx); without a membership, a link to the
 * club page. Server component.
 */
export async function MembershipSection({ locale, membership }: Props) {
  const t = await getTranslations('ClubMember');
  const headingId = 'club-membership-title';
  let body;
  if (membership === 'unavailable') {
    body = <Notice tone="error">{t('unavailable')}</Notice>;
  } else if (!membership || membership.state === 'cancelled') {
    body = (
      <>
        {membership ? <p data-testid="membership-state">{t('cancelledNote')}</p> : null}
        <p>
          <Link href="/clube" className="font-semibold underline underline-offset-4">
            {t('joinLink')}
          </Link>
        </p>
      </>
    );
  } else {
    const plan = getClubPlan(membership.plan);
    // This month's box is being prepared, not received: only earlier months' boxes are.
    const thisMonth = clubMonth(new Date());
    const received = membership.boxMonths.filter((month) => month < thisMonth);
    const current = membership.boxMonths.includes(thisMonth) ? thisMonth : null;
    const actions = MEMBERSHIP_ACTIONS.filter((action) => allowedAction(membership, action));
    body = (
      <>
        <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="font-semibold">{t('plan')}</dt>
          <dd data-testid="membership-plan">
            {plan?.name[locale] ?? membership.plan}
            {plan
              ? ` · ${t('price', { price: formatPrice(plan.price), months: plan.everyMonths })}`
              : ''}
          </dd>
          <dt className="font-semibold">{t('state')}</dt>
          <dd>
            <Badge size="sm" tone={STATE_TONE[membership.state]} data-testid="membership-state">
              {t(`states.${membership.state}`)}
            </Badge>
          </dd>
          <dt className="font-semibold">{t('nextCharge')}</dt>
          <dd data-testid="membership-next-charge">
            {membership.nextChargeAt !== null
              ? new Intl.DateTimeFormat(locale, {
                  dateStyle: 'long',
                  timeZone: 'America/Sao_Paulo',
                }).format(new Date(membership.nextChargeAt))
              : t('noCharge')}
          </dd>
          {current ? (
            <>
              <dt className="font-semibold">{t('currentBox')}</dt>
              <dd data-testid="membership-current-box">
                {t('currentBoxState', { month: formatMonth(locale, current) })}
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">{t('boxes')}</dt>
          <dd data-testid="membership-boxes">
            {received.length === 0 ? (
              t('noBoxes')
            ) : (
              <ul className="list-inside list-disc">
                {received.map((month) => {
                  const selection = [...clubSelections]
                    .reverse()
                    .find((entry) => entry.month <= month);
                  return (
                    <li key={month}>
                      {formatMonth(locale, month)}
                      {selection ? `: ${selection.theme[locale]}` : ''}
                    </li>
                  );
                })}
              </ul>
            )}
          </dd>
        </dl>
        {membership.state === 'pending' && membership.initPoint ? (
          <p>
            <a href={membership.initPoint} className="font-semibold underline underline-offset-4">
              {t('authorise')}
            </a>
          </p>
        ) : null}
        {actions.length > 0 ? (
          <MembershipActions
            actions={actions}
            labels={{
              pause: t('pause'),
              resume: t('resume'),
              cancel: membership.state === 'pending' ? t('drop') : t('cancel'),
              confirmPause: t('confirmPause'),
              confirmCancel: t('confirmCancel'),
              confirm: t('confirm'),
              keep: t('keep'),
              sending: t('sending'),
              done: t('done'),
              notAllowed: t('notAllowed'),
              unavailable: t('changeUnavailable'),
              unauthenticated: t('unauthenticated'),
            }}
          />
        ) : null}
      </>
    );
  }
  return (
    <section
      id={CLUB_ANCHOR}
      aria-labelledby={headingId}
      data-testid="club-membership"
      className={`${cardClass} flex scroll-mt-28 flex-col gap-4`}
    >
      <h2 id={headingId} className={cardTitleClass}>
        {t('title')}
      </h2>
      {body}
    </section>
  );
}

import { formatPrice } from '@/lib/catalogue/format';
import type { AppLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import type { MailMessage } from '@/lib/mail/templates';
import { SHOP } from '@/lib/shop';
import { SITE_URL } from '@/lib/site';

import { getClubPlan } from './config';
import type { Membership, MembershipCharge } from './membership';

// The club's e-mails (pure; messages namespace ClubEmail): to the member when the membership
// becomes active, is paused or is cancelled, on each monthly charge (received, or failed and to be
// retried), and to the shop on each new member. Which change
// sends which is `membershipMails`; lib/club/notify.ts sends them through lib/mail.

// The shop reads its notices in Portuguese, as the order notices (lib/mail/templates.ts).
const SHOP_LOCALE: AppLocale = 'pt-BR';

type Member = Pick<Membership, 'uid' | 'email' | 'plan' | 'locale' | 'nextChargeAt'>;

function planName(member: Member, locale: AppLocale): string {
  return getClubPlan(member.plan)?.name[locale] ?? member.plan;
}

function formatDay(locale: AppLocale, ms: number): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(ms));
}

function memberMail(
  member: Member,
  kind: 'club-joined' | 'club-paused' | 'club-cancelled',
  name: string,
): MailMessage {
  const t = translatorFor(member.locale, 'ClubEmail');
  const plan = planName(member, member.locale);
  const key = kind === 'club-joined' ? 'joined' : kind === 'club-paused' ? 'paused' : 'cancelled';
  const lines = [t('greeting', { name: name || member.email }), '', t(`${key}Intro`, { plan })];
  if (kind === 'club-joined') {
    const price = getClubPlan(member.plan)?.price;
    if (price !== undefined) lines.push(t('joinedPrice', { price: formatPrice(price) }));
    if (member.nextChargeAt !== null) {
      lines.push(t('nextCharge', { date: formatDay(member.locale, member.nextChargeAt) }));
    }
  }
  lines.push(
    '',
    t('manage', { url: `${SITE_URL}/${member.locale}/usuario` }),
    t('questions', { whatsapp: SHOP.whatsapp.display }),
    t('signature'),
  );
  return {
    kind,
    orderId: member.uid,
    to: member.email,
    subject: t(`${key}Subject`, { plan }),
    text: lines.join('\n'),
  };
}

/** To the shop: who joined which plan, with a link to the panel's club page. */
export function newMemberMail(member: Member, name: string, shopAddress: string): MailMessage {
  const t = translatorFor(SHOP_LOCALE, 'ClubEmail');
  const plan = planName(member, SHOP_LOCALE);
  const panel = `${SITE_URL}/${SHOP_LOCALE}/control-panel/club?q=${encodeURIComponent(member.email)}`;
  return {
    kind: 'club-new-member',
    orderId: member.uid,
    to: shopAddress,
    subject: t('newMemberSubject', { plan }),
    text: [
      t('newMemberIntro', { name: name || '-', email: member.email || '-', plan }),
      '',
      t('openInPanel', { url: panel }),
    ].join('\n'),
  };
}

/**
 * The e-mails a change of membership sends: joining (pending to active: to the member and to the
 * shop), a pause and a cancellation (to the member). Other changes (a later charge moving the
 * next date, a resume) send none.
 */
export function membershipMails(
  before: Pick<Membership, 'state'>,
  after: Member & Pick<Membership, 'state'>,
  name: string,
  shopAddress: string | null,
): MailMessage[] {
  if (before.state === after.state) return [];
  if (after.state === 'active' && before.state === 'pending') {
    return [
      memberMail(after, 'club-joined', name),
      ...(shopAddress ? [newMemberMail(after, name, shopAddress)] : []),
    ];
  }
  if (after.state === 'paused') return [memberMail(after, 'club-paused', name)];
  if (after.state === 'cancelled') return [memberMail(after, 'club-cancelled', name)];
  return [];
}

/** "novembro de 2026" / "November 2026": the club month ('YYYY-MM') of a charge. */
function formatMonth(locale: AppLocale, month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 15)));
}

/**
 * To the member on a monthly charge of `month`: received ('club-charged'), or failed
 * ('club-charge-failed', Mercado Pago retries it).
 */
export function chargeMail(
  member: Member,
  charge: Pick<MembershipCharge, 'status' | 'amount'>,
  month: string,
  name: string,
): MailMessage {
  const t = translatorFor(member.locale, 'ClubEmail');
  const values = {
    month: formatMonth(member.locale, month),
    plan: planName(member, member.locale),
    amount: formatPrice(charge.amount),
  };
  const key = charge.status === 'approved' ? 'charged' : 'chargeFailed';
  return {
    kind: charge.status === 'approved' ? 'club-charged' : 'club-charge-failed',
    orderId: member.uid,
    to: member.email,
    subject: t(`${key}Subject`, values),
    text: [
      t('greeting', { name: name || member.email }),
      '',
      t(`${key}Intro`, values),
      '',
      t('manage', { url: `${SITE_URL}/${member.locale}/usuario` }),
      t('questions', { whatsapp: SHOP.whatsapp.display }),
      t('signature'),
    ].join('\n'),
  };
}

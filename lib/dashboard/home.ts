import 'server-only';

import { listAllProductRecords } from '@/lib/catalogue/repository';
import type { ProductRecord } from '@/lib/catalogue/types';
import { LOW_STOCK_THRESHOLD } from '@/lib/catalogue/availability';
import { clubPlans } from '@/lib/club/config';
import { countMembershipsByPlan } from '@/lib/club/repository';
import { countDeliverySlots, getDeliveryTable } from '@/lib/delivery/repository';
import { offeredDays } from '@/lib/delivery/table';
import type { AppLocale } from '@/lib/i18n/routing';
import { getInventoryOverlay } from '@/lib/inventory/repository';
import { countFailedMail } from '@/lib/mail/repository';
import { countAwaitingApprovalSince, countPaymentsToReview } from '@/lib/orders/repository/panel';

import {
  changePercent,
  daysEnding,
  HOME_DAYS,
  shopDayOf,
  sumTotals,
  type DayTotals,
} from '@/lib/day-totals/rollup-math';
import { readDayTotals } from '@/lib/day-totals/rollups';

/** An order waiting for approval longer than this needs the shop's attention. */
export const APPROVAL_WAIT_HOURS = 3;
/** How many products the two rankings show. */
export const TOP_PRODUCTS = 10;

export type Period = { orders: number; revenue: number; fees: number; discounts: number };
export type Compared = {
  now: Period;
  before: Period;
  ordersChange: number | null;
  revenueChange: number | null;
};
export type ProductFigure = { key: string; title: string; units: number; revenue: number };
export type RunningOut = { key: string; title: string; stock: number; weekUnits: number };

export type Dashboard = {
  /** São Paulo's today, yyyy-mm-dd. */
  today: string;
  /** Today against the same weekday a week before. */
  day: Compared;
  /** The last 7 days (today included) against the 7 before them. */
  week: Compared;
  /** The last HOME_DAYS days, oldest first. */
  days: (Period & { day: string })[];
  /** The HOME_DAYS days summed (the 30-day chart's period). */
  month: Period;
  topByUnits: ProductFigure[];
  topByRevenue: ProductFigure[];
  /** Products at LOW_STOCK_THRESHOLD units or fewer (sold out first), with this week's units. */
  runningOut: RunningOut[];
  /** The shop's delivery and pick-up days ahead, or null when no delivery table is set. */
  delivery: { capacity: number; days: { day: string; booked: number }[] } | null;
  club: { active: number; paused: number; monthlyRevenue: number; boxesThisMonth: number };
  attention: { paymentsToReview: number; waitingApproval: number; failedMails: number };
};

function period(totals: DayTotals): Period {
  const { orders, revenue, fees, discounts } = totals;
  return { orders, revenue, fees, discounts };
}

function compared(now: DayTotals, before: DayTotals): Compared {
  return {
    now: period(now),
    before: period(before),
    ordersChange: changePercent(now.orders, before.orders),
    revenueChange: changePercent(now.revenue, before.revenue),
  };
}

type Titles = (key: string, locale: AppLocale) => string;

/** Product names by key, archived products included (sold before they were archived). */
function titlesOf(records: readonly ProductRecord[]): Titles {
  return (key, locale) => records.find((record) => record.key === key)?.title[locale] ?? key;
}

function ranking(
  totals: DayTotals,
  by: 'units' | 'sales',
  locale: AppLocale,
  titleOf: Titles,
): ProductFigure[] {
  return Object.keys(totals.units)
    .filter((key) => (totals.units[key] ?? 0) > 0)
    .map((key) => ({
      key,
      title: titleOf(key, locale),
      units: totals.units[key] ?? 0,
      revenue: totals.sales[key] ?? 0,
    }))
    .sort((a, b) =>
      by === 'units'
        ? b.units - a.units || b.revenue - a.revenue
        : b.revenue - a.revenue || b.units - a.units,
    )
    .slice(0, TOP_PRODUCTS);
}

/**
 * Everything the panel home shows, read with a bounded number of Firestore reads whatever the
 * number of orders (docs/SCALING.md): HOME_DAYS × ROLLUP_SHARDS day documents, the inventory, the
 * delivery table and its days ahead, and count queries for the club and what needs attention.
 * The caller has checked the reader is an admin.
 */
export async function readDashboard(locale: AppLocale, now = new Date()): Promise<Dashboard> {
  const today = shopDayOf(now);
  const dayList = daysEnding(today, HOME_DAYS);
  const [totals, { records, overlay }, delivery, club, attention] = await Promise.all([
    readDayTotals(dayList),
    listAllProductRecords().then(async (records) => ({
      records,
      // What runs out: the products of the shop, archived ones left out.
      overlay: await getInventoryOverlay(records.filter((record) => !record.archived)),
    })),
    readDeliveryAhead(now),
    readClub(),
    readAttention(now),
  ]);
  const at = (offset: number) => totals.get(dayList[dayList.length - 1 + offset]!)!;
  const span = (from: number, to?: number) =>
    sumTotals(dayList.slice(from, to).map((day) => totals.get(day)!));
  const week = span(-7);
  const month = sumTotals([...totals.values()]);
  const titleOf = titlesOf(records);
  const runningOut = Object.entries(overlay)
    .filter(([, entry]) => entry.stock <= LOW_STOCK_THRESHOLD)
    .map(([key, entry]) => ({
      key,
      title: titleOf(key, locale),
      stock: entry.stock,
      weekUnits: week.units[key] ?? 0,
    }))
    .sort((a, b) => a.stock - b.stock || b.weekUnits - a.weekUnits);
  return {
    today,
    day: compared(at(0), at(-7)),
    week: compared(week, span(-14, -7)),
    days: dayList.map((day) => ({ day, ...period(totals.get(day)!) })),
    month: period(month),
    topByUnits: ranking(month, 'units', locale, titleOf),
    topByRevenue: ranking(month, 'sales', locale, titleOf),
    runningOut,
    delivery,
    club,
    attention,
  };
}

async function readDeliveryAhead(now: Date): Promise<Dashboard['delivery']> {
  const table = await getDeliveryTable();
  if (!table) return null;
  const days = offeredDays(table, 0, now);
  const booked = await countDeliverySlots(days);
  return {
    capacity: table.dailyCapacity,
    days: days.map((day) => ({ day, booked: booked.get(day) ?? 0 })),
  };
}

async function readClub(): Promise<Dashboard['club']> {
  const [active, paused] = await Promise.all([
    countMembershipsByPlan('active'),
    countMembershipsByPlan('paused'),
  ]);
  const sum = (counts: Record<string, number>) =>
    Object.values(counts).reduce((total, count) => total + count, 0);
  // A plan charged every few months brings in its price spread over those months.
  const monthlyRevenue = clubPlans.reduce(
    (total, plan) => total + Math.floor(((active[plan.key] ?? 0) * plan.price) / plan.everyMonths),
    0,
  );
  // Every active member gets this month's box (lib/club/members.ts shippingList).
  return { active: sum(active), paused: sum(paused), monthlyRevenue, boxesThisMonth: sum(active) };
}

async function readAttention(now: Date): Promise<Dashboard['attention']> {
  const [paymentsToReview, waitingApproval, failedMails] = await Promise.all([
    countPaymentsToReview(),
    countAwaitingApprovalSince(new Date(now.getTime() - APPROVAL_WAIT_HOURS * 3_600_000)),
    countFailedMail(),
  ]);
  return { paymentsToReview, waitingApproval, failedMails };
}

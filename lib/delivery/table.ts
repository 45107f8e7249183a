// The delivery table and its rules, pure and without zod (which tries eval when it builds an
// object schema, refused by the shop's CSP in the browser): the checkout and the panel import
// it. The table's validation is ./validate.ts. Stored by lib/delivery/repository.ts in
// settings/delivery. Every amount is in centavos, like the prices (lib/catalogue/format.ts).
import { cepDigits } from '@/lib/brazil';

/** The shop's days are São Paulo's, as its order times are (ORDER_TIME_ZONE, lib/orders/format.ts). */
const SHOP_TIME_ZONE = 'America/Sao_Paulo';

/** A range of CEPs (8 digits each, `from` ≤ `to`) the shop delivers to, its fee and lead time. */
export type DeliveryRegion = {
  name: string;
  from: string;
  to: string;
  /** Centavos. */
  fee: number;
  /** Days between ordering and the earliest delivery day. */
  days: number;
};

export type DeliveryTable = {
  regions: DeliveryRegion[];
  /** Delivery is free when the products come to at least this (centavos); null: never. */
  freeAbove: number | null;
  /** Orders (delivery and pick-up) the shop takes per day. */
  dailyCapacity: number;
  /** Weekdays the shop delivers and hands over pick-ups, 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  /** Days between ordering and the earliest pick-up day. */
  pickupDays: number;
};

/** How far ahead a day can be chosen. */
export const DELIVERY_WINDOW_DAYS = 21;

export const DELIVERY_LIMITS = {
  maxRegions: 40,
  maxNameLength: 60,
  /** Centavos: R$ 10.000,00. */
  maxFee: 1_000_000,
  /** Centavos: R$ 1.000.000,00. */
  maxFreeAbove: 100_000_000,
  maxDays: 20,
  maxCapacity: 10_000,
} as const;

/** Message keys under "DeliveryTable" for a refused table (both languages). */
export type DeliveryTableProblemKey =
  | 'malformed'
  | 'regionsRequired'
  | 'tooManyRegions'
  | 'nameRequired'
  | 'nameTooLong'
  | 'cepInvalid'
  | 'rangeReversed'
  | 'rangesOverlap'
  | 'feeInvalid'
  | 'daysInvalid'
  | 'freeAboveInvalid'
  | 'capacityInvalid'
  | 'weekdaysRequired'
  | 'pickupDaysInvalid';

/** One reason a table is refused; `row` (1-based) and `other` name the regions concerned. */
export type DeliveryTableProblem = { key: DeliveryTableProblemKey; row?: number; other?: number };

/**
 * A region's first or last CEP as 8 digits, from '01310-100' or '01310100'; null when it is not
 * 8 digits. Unlike an address's CEP (cepDigits, lib/brazil.ts), 00000-000 is a valid bound: the
 * region that starts at the lowest CEP.
 */
export function rangeBoundDigits(value: string): string | null {
  const trimmed = value.trim();
  return /^\d{5}-?\d{3}$/.test(trimmed) ? trimmed.replace('-', '') : null;
}

export type DeliveryQuote =
  | { ok: true; region: string; fee: number; days: number; free: boolean }
  | { ok: false; reason: 'outside' };

/**
 * The delivery fee for `cep` and products coming to `subtotal` (centavos): the fee of the
 * region whose range holds the CEP, 0 from the free-delivery threshold up or with the club's
 * `freeDelivery` perk; 'outside' when no region holds it (or the CEP is malformed).
 */
export function deliveryFee(
  cep: string,
  subtotal: number,
  table: Pick<DeliveryTable, 'regions' | 'freeAbove'>,
  options: { freeDelivery?: boolean } = {},
): DeliveryQuote {
  const digits = cepDigits(cep);
  const region = digits && table.regions.find(({ from, to }) => from <= digits && digits <= to);
  if (!region) return { ok: false, reason: 'outside' };
  const free =
    options.freeDelivery === true || (table.freeAbove !== null && subtotal >= table.freeAbove);
  return { ok: true, region: region.name, fee: free ? 0 : region.fee, days: region.days, free };
}

// ---------------------------------------------------------------------------------------------
// Days. A day is 'yyyy-mm-dd' in the shop's time zone.

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const shopDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in São Paulo. */
export function shopToday(now: Date = new Date()): string {
  return shopDayFormat.format(now);
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/**
 * The days a shopper may choose, in order: the shop's weekdays from today plus `leadDays`
 * (the region's days, or the pick-up days) to DELIVERY_WINDOW_DAYS ahead.
 */
export function offeredDays(
  table: Pick<DeliveryTable, 'weekdays'>,
  leadDays: number,
  now: Date = new Date(),
): string[] {
  const today = shopToday(now);
  const days: string[] = [];
  for (let offset = Math.max(0, leadDays); offset <= DELIVERY_WINDOW_DAYS; offset += 1) {
    const day = addDays(today, offset);
    if (table.weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** Why `day` cannot be chosen ('past': before today; 'not-offered': else), or null when it can. */
export function dayProblem(
  day: unknown,
  table: Pick<DeliveryTable, 'weekdays'>,
  leadDays: number,
  now: Date = new Date(),
): 'past' | 'not-offered' | null {
  if (!isDay(day)) return 'not-offered';
  if (day < shopToday(now)) return 'past';
  return offeredDays(table, leadDays, now).includes(day) ? null : 'not-offered';
}

/** A day as people read it: 'qui., 2 de abr.' / 'Thu, Apr 2' (`long`: with the year, in full). */
export function formatDeliveryDay(day: string, locale: string, long = false): string {
  // One formatter per locale and form: building one costs far more than using it.
  const key = `${locale}|${long}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: long ? 'long' : 'short',
      day: 'numeric',
      month: long ? 'long' : 'short',
      ...(long ? { year: 'numeric' as const } : {}),
      timeZone: 'UTC',
    });
    dayFormats.set(key, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();

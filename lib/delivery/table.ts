// The delivery table and its rules, pure: the panel's form (browser) and the server (the quote,
// placing an order, saving the table) check and price with the same code. Stored by
// lib/delivery/repository.ts in settings/delivery. Every amount is whole reais, like the prices.
import { z } from 'zod';

/** The shop's days are São Paulo's, as its order times are (ORDER_TIME_ZONE, lib/orders/format.ts). */
const SHOP_TIME_ZONE = 'America/Sao_Paulo';

/** A range of CEPs (8 digits each, `from` ≤ `to`) the shop delivers to, its fee and lead time. */
export type DeliveryRegion = {
  name: string;
  from: string;
  to: string;
  /** Whole reais. */
  fee: number;
  /** Days between ordering and the earliest delivery day. */
  days: number;
};

export type DeliveryTable = {
  regions: DeliveryRegion[];
  /** Delivery is free when the products come to at least this (whole reais); null: never. */
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
  maxFee: 10_000,
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

/** The CEP's 8 digits, from '01310-100' or '01310100'; null when it is not 8 digits. */
export function cepDigits(value: string): string | null {
  const trimmed = value.trim();
  return /^\d{5}-?\d{3}$/.test(trimmed) ? trimmed.replace('-', '') : null;
}

/** 8 digits as the shop writes a CEP: 01310-100. */
export function formatCepDigits(digits: string): string {
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

/** The table as the panel's form sends it (CEPs with or without the hyphen). */
export const deliveryTableInputSchema = z.strictObject({
  regions: z.array(
    z.strictObject({
      name: z.string().max(200),
      from: z.string().max(20),
      to: z.string().max(20),
      // NaN: a field left empty or not a number, refused below with its row's message.
      fee: z.number().or(z.nan()),
      days: z.number().or(z.nan()),
    }),
  ),
  freeAbove: z.number().or(z.nan()).nullable(),
  dailyCapacity: z.number().or(z.nan()),
  weekdays: z.array(z.number()).max(7),
  pickupDays: z.number().or(z.nan()),
});

export type DeliveryTableInput = z.input<typeof deliveryTableInputSchema>;

const isWhole = (value: number, min: number, max: number) =>
  wholeNumber(min, max).safeParse(value).success;

/**
 * The table, normalised (CEPs as 8 digits, names trimmed, weekdays sorted, regions by CEP), or
 * every reason it is refused: malformed or reversed CEP ranges, overlapping ranges, negative or
 * fractional fees, no capacity, no weekday.
 */
export function validateDeliveryTable(
  input: unknown,
): { ok: true; table: DeliveryTable } | { ok: false; problems: DeliveryTableProblem[] } {
  const parsed = deliveryTableInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: [{ key: 'malformed' }] };
  const raw = parsed.data;
  const problems: DeliveryTableProblem[] = [];
  if (raw.regions.length === 0) problems.push({ key: 'regionsRequired' });
  if (raw.regions.length > DELIVERY_LIMITS.maxRegions) problems.push({ key: 'tooManyRegions' });
  const regions: (DeliveryRegion & { row: number })[] = [];
  raw.regions.forEach((region, index) => {
    const row = index + 1;
    const name = region.name.trim();
    const from = cepDigits(region.from);
    const to = cepDigits(region.to);
    let ok = true;
    const refuse = (key: DeliveryTableProblemKey) => {
      problems.push({ key, row });
      ok = false;
    };
    if (!name) refuse('nameRequired');
    else if (name.length > DELIVERY_LIMITS.maxNameLength) refuse('nameTooLong');
    if (!from || !to) refuse('cepInvalid');
    else if (from > to) refuse('rangeReversed');
    if (!isWhole(region.fee, 0, DELIVERY_LIMITS.maxFee)) refuse('feeInvalid');
    if (!isWhole(region.days, 0, DELIVERY_LIMITS.maxDays)) refuse('daysInvalid');
    if (ok && from && to) regions.push({ name, from, to, fee: region.fee, days: region.days, row });
  });
  // Ranges are closed intervals: sorted by start, each must begin after the previous one ends.
  const sorted = [...regions].sort((a, b) => a.from.localeCompare(b.from));
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1]!;
    const current = sorted[index]!;
    if (current.from <= previous.to) {
      const [row, other] = [previous.row, current.row].sort((a, b) => a - b);
      problems.push({ key: 'rangesOverlap', row, other });
    }
  }
  if (raw.freeAbove !== null && !isWhole(raw.freeAbove, 1, 1_000_000)) {
    problems.push({ key: 'freeAboveInvalid' });
  }
  if (!isWhole(raw.dailyCapacity, 1, DELIVERY_LIMITS.maxCapacity)) {
    problems.push({ key: 'capacityInvalid' });
  }
  const weekdays = [...new Set(raw.weekdays)].sort((a, b) => a - b);
  if (weekdays.length === 0 || !weekdays.every((day) => isWhole(day, 0, 6))) {
    problems.push({ key: 'weekdaysRequired' });
  }
  if (!isWhole(raw.pickupDays, 0, DELIVERY_LIMITS.maxDays)) {
    problems.push({ key: 'pickupDaysInvalid' });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    table: {
      regions: sorted.map(({ name, from, to, fee, days }) => ({ name, from, to, fee, days })),
      freeAbove: raw.freeAbove,
      dailyCapacity: raw.dailyCapacity,
      weekdays,
      pickupDays: raw.pickupDays,
    },
  };
}

export type DeliveryQuote =
  | { ok: true; region: string; fee: number; days: number; free: boolean }
  | { ok: false; reason: 'outside' };

/**
 * The delivery fee for `cep` and products coming to `subtotal` (whole reais): the fee of the
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
  return new Intl.DateTimeFormat(locale, {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    ...(long ? { year: 'numeric' as const } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

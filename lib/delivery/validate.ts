// The delivery table's validation (zod), pure: the panel's Server Action and the repository's
// read use it. Kept apart from ./table.ts, which the browser imports.
import { z } from 'zod';

import {
  DELIVERY_LIMITS,
  type DeliveryRegion,
  type DeliveryTable,
  type DeliveryTableProblem,
  type DeliveryTableProblemKey,
  rangeBoundDigits,
} from './table';

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

/** The table as the panel's form sends it (CEPs with or without the hyphen, amounts in centavos). */
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
    const from = rangeBoundDigits(region.from);
    const to = rangeBoundDigits(region.to);
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
  if (raw.freeAbove !== null && !isWhole(raw.freeAbove, 1, DELIVERY_LIMITS.maxFreeAbove)) {
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

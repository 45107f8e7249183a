// Which orders a busy process still starts: in arrival order, ORDERS_AT_ONCE at a time, and only
// those that the orders finished lately say can be answered by their deadline.
jest.mock('@/lib/background-drain', () => ({ beginForegroundWork: () => () => undefined }));

import { ORDERS_AT_ONCE, resetAdmission, whenAdmitted } from './order-admission';

const MINIMUM_MS = 1500;

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse('2026-04-01T12:00:00Z') });
  resetAdmission();
});
afterEach(() => jest.useRealTimers());

/** Work that takes `ms` of the fake clock, then answers `value`. */
const taking =
  <T>(ms: number, value: T) =>
  () =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** Runs one order that takes `ms`, so that the estimate learns it. */
async function finishOne(ms: number) {
  const done = whenAdmitted(Date.now() + 10_000, MINIMUM_MS, taking(ms, 'done'));
  await jest.advanceTimersByTimeAsync(ms);
  expect(await done).toBe('done');
}

it('starts an order with time left, and refuses one with less than the minimum without running it', async () => {
  await expect(whenAdmitted(Date.now() + 4000, MINIMUM_MS, async () => 'placed')).resolves.toBe(
    'placed',
  );
  const work = jest.fn(async () => 'placed');
  expect(await whenAdmitted(Date.now() + 1000, MINIMUM_MS, work)).toBeNull();
  expect(work).not.toHaveBeenCalled();
});

it('refuses at once an order with less time left than the orders finished lately took', async () => {
  for (let n = 0; n < 10; n += 1) await finishOne(2500);
  const work = jest.fn(async () => 'placed');
  // 2.2 s left: enough by the minimum, not by what orders take now.
  expect(await whenAdmitted(Date.now() + 2200, MINIMUM_MS, work)).toBeNull();
  expect(work).not.toHaveBeenCalled();
  // Once orders are quick again, the same order starts.
  for (let n = 0; n < 20; n += 1) await finishOne(100);
  expect(await whenAdmitted(Date.now() + 2200, MINIMUM_MS, work)).toBe('placed');
});

it('never holds back more than 3 s: after orders that ran to a stalled deadline, a fresh one still starts', async () => {
  for (let n = 0; n < 10; n += 1) await finishOne(6000);
  expect(await whenAdmitted(Date.now() + 3100, MINIMUM_MS, async () => 'placed')).toBe('placed');
  expect(await whenAdmitted(Date.now() + 2900, MINIMUM_MS, async () => 'placed')).toBeNull();
});

it(`works on ${ORDERS_AT_ONCE} at once; the next waits for a place, or is refused when its time to start passes`, async () => {
  const running = Array.from({ length: ORDERS_AT_ONCE }, () =>
    whenAdmitted(Date.now() + 10_000, MINIMUM_MS, taking(1000, 'first')),
  );
  const next = jest.fn(async () => 'next');
  const waiting = whenAdmitted(Date.now() + 10_000, MINIMUM_MS, next);
  // Due too soon to wait for a place: it must start by 0.8 s, while every place is still taken.
  const late = jest.fn(async () => 'late');
  const tooLate = whenAdmitted(Date.now() + 2300, MINIMUM_MS, late);
  await jest.advanceTimersByTimeAsync(999);
  expect(next).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(await Promise.all(running)).toEqual(Array(ORDERS_AT_ONCE).fill('first'));
  expect(await waiting).toBe('next');
  expect(await tooLate).toBeNull();
  expect(late).not.toHaveBeenCalled();
});

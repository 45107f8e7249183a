/** @jest-environment node */
import { enterInFlight } from './stock-in-flight';

type Stock = { total: number };
let view: Map<string, Stock> | null = null;

jest.mock('@/lib/inventory/stock-shards', () => ({
  stockView: () => view,
  totalOf: (stock: Stock | undefined) => stock?.total ?? 0,
}));

const egg = (quantity = 1) => [{ key: 'ovo-pistache', quantity }];
const soon = () => Date.now() + 5_000;

afterEach(() => {
  view = null;
});

test('without live listeners every order goes on (its transaction decides)', async () => {
  const end = await enterInFlight(egg(), soon());
  expect(end).toEqual(expect.any(Function));
  end?.();
});

test('orders go on while the known stock covers them beside those already in flight', async () => {
  view = new Map([['ovo-pistache', { total: 2 }]]);
  const first = await enterInFlight(egg(), soon());
  const second = await enterInFlight(egg(), soon());
  expect(first).not.toBeNull();
  expect(second).not.toBeNull();
  let thirdSettled = false;
  const third = enterInFlight(egg(), soon()).then((end) => {
    thirdSettled = true;
    return end;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(thirdSettled).toBe(false);
  // The first order failed (its unit is still on the shelf): the third takes its place.
  first?.();
  const end = await third;
  expect(end).not.toBeNull();
  second?.();
  end?.();
});

test('the orders waiting behind a sold-out product step out as soon as the stock is gone', async () => {
  view = new Map([['ovo-pistache', { total: 1 }]]);
  const buyer = await enterInFlight(egg(), soon());
  const started = Date.now();
  const waiter = enterInFlight(egg(), soon());
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The buyer's transaction took the last unit, then its order settled.
  view = new Map([['ovo-pistache', { total: 0 }]]);
  buyer?.();
  expect(await waiter).toBeNull();
  expect(Date.now() - started).toBeLessThan(2_000);
});

test('an order that cannot start by its time steps out (the shop is busy)', async () => {
  view = new Map([['ovo-pistache', { total: 1 }]]);
  const buyer = await enterInFlight(egg(), soon());
  expect(await enterInFlight(egg(), Date.now() + 100)).toBeNull();
  buyer?.();
});

test('ending an order twice counts it once', async () => {
  view = new Map([['ovo-pistache', { total: 2 }]]);
  const first = await enterInFlight(egg(), soon());
  const second = await enterInFlight(egg(), soon());
  first?.();
  first?.();
  // One unit is still in flight (the second order): only one more fits.
  const third = await enterInFlight(egg(), soon());
  expect(third).not.toBeNull();
  expect(await enterInFlight(egg(), Date.now() + 100)).toBeNull();
  second?.();
  third?.();
});

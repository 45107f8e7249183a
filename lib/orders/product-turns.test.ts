import { inProductTurn } from './product-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('inProductTurn', () => {
  it('runs one order per product at a time, in arrival order, and others alongside', async () => {
    const events: string[] = [];
    const order = (name: string, keys: string[]) =>
      inProductTurn(keys, Date.now() + 5000, async () => {
        events.push(`${name} start`);
        await tick();
        events.push(`${name} end`);
        return name;
      });
    const results = await Promise.all([
      order('first', ['egg']),
      order('second', ['egg']),
      order('bar', ['bar']),
    ]);
    expect(results).toEqual(['first', 'second', 'bar']);
    // The two egg orders never overlap; the bar order does not wait for them.
    expect(events.indexOf('second start')).toBeGreaterThan(events.indexOf('first end'));
    expect(events.indexOf('bar start')).toBeLessThan(events.indexOf('first end'));
  });

  it('gives up without running when the turn has not come by the deadline, and passes its place on', async () => {
    let release!: () => void;
    const holder = inProductTurn(
      ['egg'],
      Date.now() + 5000,
      () => new Promise<string>((r) => (release = () => r('held'))),
    );
    const late = await inProductTurn(['egg'], Date.now() + 20, async () => 'ran');
    expect(late).toBeNull();
    const next = inProductTurn(['egg'], Date.now() + 5000, async () => 'next');
    release();
    expect(await holder).toBe('held');
    expect(await next).toBe('next');
  });

  it('never deadlocks two orders that take the same products in a different order', async () => {
    const results = await Promise.all([
      inProductTurn(['a', 'b'], Date.now() + 2000, async () => (await tick(), 'ab')),
      inProductTurn(['b', 'a'], Date.now() + 2000, async () => (await tick(), 'ba')),
    ]);
    expect(results).toEqual(['ab', 'ba']);
  });
});

import { holdLimitProblems } from './hold-limits';

const limits = { perProduct: 5, total: 20 };

describe('holdLimitProblems', () => {
  it('lets an order within both limits through, counting the open orders', () => {
    expect(holdLimitProblems([{ key: 'a', quantity: 5 }], [], limits)).toEqual([]);
    expect(
      holdLimitProblems([{ key: 'a', quantity: 2 }], [{ key: 'a', quantity: 3 }], limits),
    ).toEqual([]);
  });

  it('names each product over its limit, with what is held already', () => {
    expect(
      holdLimitProblems(
        [
          { key: 'a', quantity: 3 },
          { key: 'b', quantity: 6 },
        ],
        [{ key: 'a', quantity: 3 }],
        limits,
      ),
    ).toEqual([
      { limit: 'perProduct', key: 'a', max: 5, requested: 3, held: 3 },
      { limit: 'perProduct', key: 'b', max: 5, requested: 6, held: 0 },
    ]);
  });

  it('adds up lines of one product and every open order for the total', () => {
    const order = [
      { key: 'a', quantity: 2 },
      { key: 'a', quantity: 2 },
      { key: 'b', quantity: 1 },
    ];
    const held = ['c', 'd', 'e', 'f'].map((key) => ({ key, quantity: 4 }));
    expect(holdLimitProblems(order, held, limits)).toEqual([
      { limit: 'total', max: 20, requested: 5, held: 16 },
    ]);
    expect(holdLimitProblems(order.slice(1), held, limits)).toEqual([]);
  });
});

import { isValidRouterStateHeader } from './http-server-guard';

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('isValidRouterStateHeader', () => {
  it("accepts the router state Next's client sends", () => {
    const state = [
      '',
      {
        children: [
          ['locale', 'en', 'd', null],
          { children: ['__PAGE__', {}, null, null, 0] },
          null,
          null,
        ],
      },
      null,
      'refetch',
      0,
    ];
    expect(isValidRouterStateHeader(encode(state))).toBe(true);
    expect(isValidRouterStateHeader(encode(['', {}, ['/en', '/en']]))).toBe(true);
  });

  it.each([
    ['not JSON', '%7Bnope'],
    ['a bad escape', '%E0%A4%A'],
    ['an object', encode({ children: [] })],
    ['a bad segment', encode([['locale', 'en', 'x', null], {}])],
    ['a bad child', encode(['', { children: 'x' }])],
    ['a bad refresh marker', encode(['', {}, null, 'always'])],
    ['too large', encode(['', { children: ['x'.repeat(41_000), {}] }])],
  ])('refuses %s', (_, header) => {
    expect(isValidRouterStateHeader(header)).toBe(false);
  });
});

import { formatPrice } from './format';

describe('formatPrice', () => {
  it.each([
    [193, 'R$ 193,00'],
    [0, 'R$ 0,00'],
    [40, 'R$ 40,00'],
    [421, 'R$ 421,00'],
    [1234, 'R$ 1.234,00'],
    [1234567, 'R$ 1.234.567,00'],
  ])('formats %p as %p', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });

  it('uses a plain ASCII space after the currency sign', () => {
    expect(formatPrice(90).charCodeAt(2)).toBe(32);
  });

  it.each([1.5, -1, NaN, Infinity, -Infinity])('throws a RangeError for %p', (price) => {
    expect(() => formatPrice(price)).toThrow(RangeError);
  });
});

import {
  centavosFromReais,
  decimalPrice,
  formatPrice,
  parsePriceInput,
  percentOf,
  priceInputValue,
  reaisAmount,
} from './format';

describe('formatPrice', () => {
  it.each([
    [19300, 'R$ 193,00'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [8990, 'R$ 89,90'],
    [14590, 'R$ 145,90'],
    [123456, 'R$ 1.234,56'],
    [123456701, 'R$ 1.234.567,01'],
  ])('formats %p centavos as %p', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });

  it('uses a plain ASCII space after the currency sign', () => {
    expect(formatPrice(9000).charCodeAt(2)).toBe(32);
  });

  it.each([1.5, -1, NaN, Infinity, -Infinity])('throws a RangeError for %p', (price) => {
    expect(() => formatPrice(price)).toThrow(RangeError);
  });
});

describe('decimal amounts', () => {
  it.each([
    [19300, '193.00', 193],
    [8990, '89.90', 89.9],
    [5, '0.05', 0.05],
    [123456, '1234.56', 1234.56],
  ])('%p centavos are %p, %p reais', (centavos, text, reais) => {
    expect(decimalPrice(centavos)).toBe(text);
    expect(reaisAmount(centavos)).toBe(reais);
    expect(centavosFromReais(reais)).toBe(centavos);
  });

  it('reads an inexact decimal from Mercado Pago to the nearest centavo', () => {
    expect(centavosFromReais(0.1 + 0.2)).toBe(30);
    expect(centavosFromReais(145.89999999)).toBe(14590);
  });
});

describe('percentOf', () => {
  it('rounds half up to the centavo, once', () => {
    expect(percentOf(10300, 10)).toBe(1030);
    expect(percentOf(9005, 10)).toBe(901);
    expect(percentOf(9004, 10)).toBe(900);
    expect(percentOf(19300, 0)).toBe(0);
  });
});

describe('parsePriceInput', () => {
  it.each([
    ['145,90', 14590],
    ['145.90', 14590],
    ['145', 14500],
    ['145,9', 14590],
    [' R$ 89,90 ', 8990],
    ['1.450,90', 145090],
    ['1.450', 145000],
    ['0,05', 5],
  ])('reads %p as %p centavos', (text, centavos) => {
    expect(parsePriceInput(text)).toBe(centavos);
  });

  it.each(['', 'abc', '-10', '10,999', '1,2,3', '12.34.56', '10 reais'])('refuses %p', (text) => {
    expect(parsePriceInput(text)).toBeNull();
  });

  it('shows a price for editing as it is read back', () => {
    expect(priceInputValue(14590)).toBe('145,90');
    expect(parsePriceInput(priceInputValue(14590))).toBe(14590);
  });
});

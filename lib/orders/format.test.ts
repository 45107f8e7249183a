import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';
import { whatsappLink } from '@/lib/shop';

import { formatOrderDate, orderTotal } from './format';

// 13:30 UTC is 10:30 in São Paulo (UTC-3, no daylight saving since 2019).
const ISO = '2026-03-14T13:30:00.000Z';

describe('formatOrderDate', () => {
  it('writes a long Portuguese date with hour and minute in São Paulo time', () => {
    const text = formatOrderDate(ISO, 'pt-BR');
    expect(text).toContain('14 de março de 2026');
    expect(text).toContain('10:30');
    expect(text).toBe('14 de março de 2026 às 10:30');
  });

  it('writes a long English date with hour and minute in São Paulo time', () => {
    const text = formatOrderDate(ISO, 'en');
    expect(text).toContain('March 14, 2026');
    expect(text).toContain('10:30');
    expect(text).toMatch(/AM$/);
  });

  it('uses the shop time zone, not UTC, near midnight', () => {
    // 02:15 UTC on the 15th is still the 14th in São Paulo.
    expect(formatOrderDate('2026-03-15T02:15:00Z', 'pt-BR')).toBe('14 de março de 2026 às 23:15');
  });

  it('returns an empty string for a date it cannot read', () => {
    expect(formatOrderDate('not a date', 'en')).toBe('');
  });
});

describe('orderTotal', () => {
  it('sums value times quantity', () => {
    expect(orderTotal([])).toBe(0);
    expect(
      orderTotal([
        { value: 103, quantity: 2 },
        { value: 40, quantity: 3 },
      ]),
    ).toBe(326);
  });
});

describe('Orders.whatsappText', () => {
  it('asks about the order number in both locales and fits in a wa.me link', () => {
    const pt = ptBR.Orders.whatsappText.replace('{orderId}', 'A1B2');
    expect(pt).toBe('Olá! Gostaria de informações sobre o pedido número A1B2.');
    expect(en.Orders.whatsappText).toContain('{orderId}');
    expect(whatsappLink(pt)).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent(pt)}`);
  });
});

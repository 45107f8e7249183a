import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

import { CHECKOUT_ERROR_MESSAGE_KEYS, checkoutErrorMessages } from './checkout-result';

describe('checkout error messages', () => {
  it('names each line at fault', () => {
    expect(
      checkoutErrorMessages({
        error: 'out-of-stock',
        details: [
          { key: 'a', title: 'Ovo Pistache', available: 2 },
          { key: 'b', title: 'Mini Ovo', available: 0 },
        ],
      }),
    ).toEqual([
      { key: 'outOfStock', values: { title: 'Ovo Pistache', available: 2 }, productKey: 'a' },
      { key: 'soldOut', values: { title: 'Mini Ovo', available: 0 }, productKey: 'b' },
    ]);
    expect(
      checkoutErrorMessages({
        error: 'unavailable',
        details: [{ key: 'a', title: 'Ovo Pistache', available: 0 }],
      }),
    ).toEqual([
      { key: 'unavailable', values: { title: 'Ovo Pistache', available: 0 }, productKey: 'a' },
    ]);
    expect(checkoutErrorMessages({ error: 'server-error' })).toEqual([{ key: 'serverError' }]);
  });

  it("names the seconds to wait for 'rate-limited', a minute when the answer did not say", () => {
    expect(checkoutErrorMessages({ error: 'rate-limited', retryAfterSeconds: 7 })).toEqual([
      { key: 'rateLimited', retryAfterSeconds: 7 },
    ]);
    expect(checkoutErrorMessages({ error: 'rate-limited' })).toEqual([
      { key: 'rateLimited', retryAfterSeconds: 60 },
    ]);
    for (const messages of [en, ptBR]) {
      expect(messages.CheckoutErrors.rateLimited).toContain('{seconds, plural,');
    }
  });

  it('has a text for every key in both languages', () => {
    const keys = [
      ...Object.values(CHECKOUT_ERROR_MESSAGE_KEYS),
      'soldOut',
      'paymentError',
      'holdPerProduct',
    ];
    for (const messages of [en, ptBR]) {
      expect(Object.keys(messages.CheckoutErrors).sort()).toEqual([...keys].sort());
    }
    expect(ptBR.CheckoutErrors.outOfStock).toContain('{available, number}');
    expect(ptBR.CheckoutErrors.outOfStock).toContain('{title}');
  });
});

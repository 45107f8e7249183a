import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

import { checkoutInputSchema } from './checkout-schema';
import {
  CHECKOUT_ERROR_MESSAGE_KEYS,
  CHECKOUT_LIMITS,
  checkoutErrorMessages,
  isPlainInput,
  normalizeCep,
  normalizeCpf,
  normalizePhone,
} from './checkout-validation';

describe('normalizeCpf', () => {
  it.each([
    ['529.982.247-25', '529.982.247-25'],
    ['52998224725', '529.982.247-25'],
    ['111.444.777-35', '111.444.777-35'],
    [' 11144477735 ', '111.444.777-35'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeCpf(input)).toBe(expected);
  });

  it.each([
    ['529.982.247-24', 'second check digit wrong'],
    ['529.982.247-15', 'first check digit wrong'],
    ['000.000.000-00', 'repeated digits'],
    ['111.111.111-11', 'repeated digits'],
    ['99999999999', 'repeated digits'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['529.982.24725', 'half formatted'],
    ['529-982-247-25', 'wrong separators'],
    ['abc.def.ghi-jk', 'letters'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeCpf(input)).toBeNull();
  });
});

describe('normalizeCep', () => {
  it.each([
    ['01310-100', '01310-100'],
    ['01310100', '01310-100'],
    [' 30130-005 ', '30130-005'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeCep(input)).toBe(expected);
  });

  it.each(['0131-0100', '01310-10', '013101000', 'abcde-fgh', '00000-000', '', '01310 100'])(
    'refuses %p',
    (input) => {
      expect(normalizeCep(input)).toBeNull();
    },
  );
});

describe('normalizePhone', () => {
  it.each([
    ['(11) 91234-5678', '11912345678'],
    ['+55 11 91234-5678', '11912345678'],
    ['11 3456-7890', '1134567890'],
    ['5511934567890', '11934567890'],
    ['21.2345.6789', '2123456789'],
  ])('accepts %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['912345678', 'nine digits'],
    ['119123456789', 'twelve digits without country code'],
    ['(01) 91234-5678', 'area code with a zero'],
    ['(11) 81234-5678', 'eleven digits not starting with 9'],
    ['11 9123x-5678', 'letters'],
    ['+1 415 555 0100', 'another country'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('isPlainInput', () => {
  it('accepts plain JSON data', () => {
    expect(isPlainInput({ a: [1, 'x', { b: null, c: true }] })).toBe(true);
    expect(isPlainInput(Object.assign(Object.create(null) as object, { a: 1 }))).toBe(true);
  });

  it('refuses prototype-polluting keys, class instances and exotic values', () => {
    expect(isPlainInput(JSON.parse('{"__proto__":{"admin":true}}'))).toBe(false);
    expect(isPlainInput({ a: { constructor: { prototype: {} } } })).toBe(false);
    expect(isPlainInput(new Map())).toBe(false);
    expect(isPlainInput(new Date())).toBe(false);
    expect(isPlainInput({ a: () => 1 })).toBe(false);
    expect(isPlainInput({ a: Symbol('x') })).toBe(false);
    expect(isPlainInput({ a: 1n })).toBe(false);
    expect(isPlainInput({ [Symbol('k')]: 1 })).toBe(false);
  });

  it('refuses deep nesting and huge arrays', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20; i += 1) deep = { a: deep };
    expect(isPlainInput(deep)).toBe(false);
    expect(isPlainInput({ lines: new Array(1000).fill(1) })).toBe(false);
  });
});

describe('checkoutInputSchema', () => {
  const valid = {
    orderID: 'A1B2C3D4E5F6',
    lines: [{ key: 'ovo-pistache', quantity: 2, variant: 'default' }],
    shippingOption: 'Entrega',
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      extra: '',
      city: 'São Paulo',
      postalCode: '01310100',
    },
    telephone: '(11) 91234-5678',
    cpf: '52998224725',
    locale: 'pt-BR',
  };

  it('accepts a valid order and normalizes its fields', () => {
    const parsed = checkoutInputSchema.parse(valid);
    expect(parsed.address?.postalCode).toBe('01310-100');
    expect(parsed.telephone).toBe('11912345678');
    expect(parsed.cpf).toBe('529.982.247-25');
  });

  it('needs an address for delivery only', () => {
    expect(checkoutInputSchema.safeParse({ ...valid, address: undefined }).success).toBe(false);
    expect(
      checkoutInputSchema.safeParse({ ...valid, address: undefined, shippingOption: 'Retirada' })
        .success,
    ).toBe(true);
  });

  it('bounds lines and quantities', () => {
    const line = (key: string, quantity = 1) => ({ key, quantity });
    expect(CHECKOUT_LIMITS).toEqual({ maxLines: 20, maxQuantity: 10, maxTextLength: 120 });
    expect(
      checkoutInputSchema.safeParse({ ...valid, lines: [line('ovo-pistache', 10)] }).success,
    ).toBe(true);
    expect(
      checkoutInputSchema.safeParse({ ...valid, lines: [line('ovo-pistache', 11)] }).success,
    ).toBe(false);
    expect(
      checkoutInputSchema.safeParse({
        ...valid,
        lines: [line('ovo-pistache'), line('ovo-pistache')],
      }).success,
    ).toBe(false);
    expect(checkoutInputSchema.safeParse({ ...valid, lines: [] }).success).toBe(false);
  });
});

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
      { key: 'outOfStock', values: { title: 'Ovo Pistache', available: 2 } },
      { key: 'soldOut', values: { title: 'Mini Ovo', available: 0 } },
    ]);
    expect(
      checkoutErrorMessages({
        error: 'unavailable',
        details: [{ key: 'a', title: 'Ovo Pistache', available: 0 }],
      }),
    ).toEqual([{ key: 'unavailable', values: { title: 'Ovo Pistache', available: 0 } }]);
    expect(checkoutErrorMessages({ error: 'server-error' })).toEqual([{ key: 'serverError' }]);
  });

  it('has a text for every key in both languages', () => {
    const keys = [...Object.values(CHECKOUT_ERROR_MESSAGE_KEYS), 'soldOut', 'paymentError'];
    for (const messages of [en, ptBR]) {
      expect(Object.keys(messages.CheckoutErrors).sort()).toEqual([...keys].sort());
    }
    expect(ptBR.CheckoutErrors.outOfStock).toContain('{available, number}');
    expect(ptBR.CheckoutErrors.outOfStock).toContain('{title}');
  });
});

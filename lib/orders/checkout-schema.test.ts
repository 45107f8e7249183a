import { checkoutInputSchema } from './checkout-schema';
import { CHECKOUT_LIMITS } from './limits';

describe('checkoutInputSchema', () => {
  const valid = {
    orderId: 'A1B2C3D4E5F6',
    lines: [{ key: 'ovo-pistache', quantity: 2, variant: 'default' }],
    shippingOption: 'Entrega',
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      extra: '',
      city: 'São Paulo',
      postalCode: '01310100',
      neighborhood: 'Bela Vista',
      state: 'sp',
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
    expect(parsed.address?.state).toBe('SP');
    expect(parsed.address?.neighborhood).toBe('Bela Vista');
  });

  it('requires bairro and a UF among the 27 on a new address', () => {
    const address = (patch: Record<string, unknown>) => ({
      ...valid,
      address: { ...valid.address, ...patch },
    });
    expect(checkoutInputSchema.safeParse(address({ neighborhood: undefined })).success).toBe(false);
    expect(checkoutInputSchema.safeParse(address({ neighborhood: '  ' })).success).toBe(false);
    expect(checkoutInputSchema.safeParse(address({ state: undefined })).success).toBe(false);
    expect(checkoutInputSchema.safeParse(address({ state: 'XX' })).success).toBe(false);
    expect(checkoutInputSchema.safeParse(address({ state: 'São Paulo' })).success).toBe(false);
  });

  it('takes an optional gift message, trimmed, of at most 200 characters', () => {
    expect(
      checkoutInputSchema.parse({ ...valid, giftMessage: ' Feliz Páscoa! ' }).giftMessage,
    ).toBe('Feliz Páscoa!');
    expect(checkoutInputSchema.safeParse({ ...valid, giftMessage: 'm'.repeat(200) }).success).toBe(
      true,
    );
    expect(checkoutInputSchema.safeParse({ ...valid, giftMessage: 'm'.repeat(201) }).success).toBe(
      false,
    );
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

import { DEFAULT_ADDRESS } from '@/lib/users/types';

import {
  cartProblems,
  firstInvalidField,
  formatAddress,
  prefillAddress,
  toCheckoutInput,
  validateCheckoutForm,
  type CheckoutFormValues,
} from './checkout-form';
import { checkoutInputSchema } from './checkout-schema';

const address = {
  street: 'Avenida Paulista',
  number: '1000',
  extra: 'Apto 42',
  city: 'São Paulo',
  postalCode: '01310100',
  neighborhood: 'Bela Vista',
  state: 'SP',
};

const values = (overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  shippingOption: 'Entrega',
  address,
  telephone: '(11) 91234-5678',
  cpf: '',
  saveToProfile: false,
  recipientName: 'Maria Silva',
  ...overrides,
});

describe('prefillAddress', () => {
  it('starts from the saved address', () => {
    expect(prefillAddress(address)).toEqual(address);
  });

  it('leaves the placeholder address of a new account empty', () => {
    expect(prefillAddress(DEFAULT_ADDRESS)).toEqual({
      street: '',
      number: '',
      extra: '',
      city: '',
      postalCode: '',
      neighborhood: '',
      state: '',
    });
    expect(prefillAddress(null).street).toBe('');
  });

  it('keeps the fields a new account did fill in, and no other placeholder', () => {
    expect(prefillAddress({ ...DEFAULT_ADDRESS, street: 'Rua Nova', extra: '' })).toEqual({
      street: 'Rua Nova',
      number: '',
      extra: '',
      city: '',
      postalCode: '',
      neighborhood: '',
      state: '',
    });
  });
});

describe('validateCheckoutForm', () => {
  it('accepts a complete delivery, with or without complement and CPF', () => {
    expect(validateCheckoutForm(values())).toEqual({});
    expect(
      validateCheckoutForm(values({ address: { ...address, extra: '' }, cpf: '529.982.247-25' })),
    ).toEqual({});
  });

  it('checks the CEP format 00000-000', () => {
    for (const postalCode of ['0131010', '01310-10a', 'abc', '01310 100', '00000-000']) {
      expect(validateCheckoutForm(values({ address: { ...address, postalCode } }))).toEqual({
        postalCode: 'postalCode',
      });
    }
    expect(
      validateCheckoutForm(values({ address: { ...address, postalCode: '01310-100' } })),
    ).toEqual({});
  });

  it('requires street, number, city and CEP for a delivery, and bounds every field', () => {
    const errors = validateCheckoutForm(
      values({
        address: {
          street: ' ',
          number: '',
          extra: 'x'.repeat(121),
          city: '',
          postalCode: '',
          neighborhood: '',
          state: '',
        },
      }),
    );
    expect(errors).toEqual({
      street: 'required',
      number: 'required',
      extra: 'tooLong',
      city: 'required',
      postalCode: 'required',
      neighborhood: 'required',
      state: 'required',
    });
    // The CEP comes first in the form (it fills the rest).
    expect(firstInvalidField(errors)).toBe('postalCode');
  });

  it('ignores the address for a pick-up', () => {
    const empty = {
      street: '',
      number: '',
      extra: '',
      city: '',
      postalCode: '',
      neighborhood: '',
      state: '',
    };
    expect(validateCheckoutForm(values({ shippingOption: 'Retirada', address: empty }))).toEqual(
      {},
    );
  });

  it('requires a Brazilian telephone with area code', () => {
    expect(validateCheckoutForm(values({ telephone: '' })).telephone).toBe('required');
    expect(validateCheckoutForm(values({ telephone: '91234-5678' })).telephone).toBe('telephone');
    expect(validateCheckoutForm(values({ telephone: '+55 11 3456-7890' }))).toEqual({});
  });

  it('requires a bairro and one of the 27 UFs for a delivery', () => {
    expect(validateCheckoutForm(values({ address: { ...address, neighborhood: ' ' } }))).toEqual({
      neighborhood: 'required',
    });
    expect(validateCheckoutForm(values({ address: { ...address, state: '' } }))).toEqual({
      state: 'required',
    });
    expect(validateCheckoutForm(values({ address: { ...address, state: 'XX' } }))).toEqual({
      state: 'state',
    });
  });

  it('takes an optional gift message of at most 200 characters', () => {
    expect(validateCheckoutForm(values({ giftMessage: 'm'.repeat(200) }))).toEqual({});
    expect(validateCheckoutForm(values({ giftMessage: ` ${'m'.repeat(200)} ` }))).toEqual({});
    expect(validateCheckoutForm(values({ giftMessage: 'm'.repeat(201) }))).toEqual({
      giftMessage: 'giftMessageTooLong',
    });
  });

  it("requires the recipient's name, and the shopper's own only when it is asked", () => {
    expect(validateCheckoutForm(values({ recipientName: ' ' }))).toEqual({
      recipientName: 'required',
    });
    expect(validateCheckoutForm(values({ recipientName: 'n'.repeat(121) }))).toEqual({
      recipientName: 'tooLong',
    });
    expect(validateCheckoutForm(values({ accountName: '' }))).toEqual({ accountName: 'required' });
    expect(validateCheckoutForm(values({ accountName: 'João Souza' }))).toEqual({});
    // The shopper's name comes before the recipient's in the form.
    expect(
      firstInvalidField(validateCheckoutForm(values({ accountName: '', recipientName: '' }))),
    ).toBe('accountName');
  });

  it('checks an optional CPF with its check digits', () => {
    expect(validateCheckoutForm(values({ cpf: '529.982.247-24' })).cpf).toBe('cpf');
    expect(validateCheckoutForm(values({ cpf: '111.111.111-11' })).cpf).toBe('cpf');
    expect(validateCheckoutForm(values({ cpf: '52998224725' }))).toEqual({});
  });
});

describe('cartProblems', () => {
  it('flags quantities above the fair-stock limits and too many lines', () => {
    expect(cartProblems([{ id: 'mini-ovo', quantity: 5 }])).toEqual([]);
    expect(cartProblems([{ id: 'mini-ovo', quantity: 6 }])).toEqual([
      { kind: 'tooMany', key: 'mini-ovo', max: 5 },
    ]);
    const twenty = ['a', 'b', 'c', 'd'].map((id) => ({ id, quantity: 5 }));
    expect(cartProblems(twenty)).toEqual([]);
    expect(cartProblems([...twenty, { id: 'e', quantity: 1 }])).toEqual([
      { kind: 'tooManyUnits', max: 20 },
    ]);
    const lines = Array.from({ length: 21 }, (_, index) => ({ id: `p${index}`, quantity: 0 }));
    expect(cartProblems(lines)).toEqual([{ kind: 'tooManyLines', max: 20 }]);
  });
});

describe('toCheckoutInput', () => {
  it('asks to save the profile only when the box is ticked, in a shape the schema accepts', () => {
    const build = (saveToProfile: boolean) =>
      toCheckoutInput({
        orderId: 'ABCDEF123456',
        lines: [{ id: 'mini-ovo', quantity: 1 }],
        values: values({ saveToProfile }),
        locale: 'pt-BR',
      });
    expect(build(true)).toMatchObject({ saveToProfile: true });
    expect(build(false)).not.toHaveProperty('saveToProfile');
    expect(checkoutInputSchema.safeParse(build(true)).success).toBe(true);
    expect(checkoutInputSchema.safeParse({ ...build(true), saveToProfile: 'yes' }).success).toBe(
      false,
    );
  });

  it('builds a payload the server schema accepts, without prices', () => {
    const input = toCheckoutInput({
      orderId: 'ABCDEF123456',
      lines: [
        { id: 'mini-ovo', quantity: 2 },
        { id: 'ovo-pistache', quantity: 1 },
      ],
      values: values({ cpf: ' 529.982.247-25 ' }),
      locale: 'pt-BR',
    });
    expect(input).toEqual({
      orderId: 'ABCDEF123456',
      lines: [
        { key: 'mini-ovo', quantity: 2 },
        { key: 'ovo-pistache', quantity: 1 },
      ],
      shippingOption: 'Entrega',
      address: { ...address, postalCode: '01310-100' },
      telephone: '(11) 91234-5678',
      recipientName: 'Maria Silva',
      cpf: '529.982.247-25',
      locale: 'pt-BR',
    });
    expect(checkoutInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends no address for a pick-up and no CPF when left empty; merges lines of one product', () => {
    const input = toCheckoutInput({
      orderId: 'ABCDEF123456',
      lines: [
        { id: 'mini-ovo', quantity: 2 },
        { id: 'mini-ovo', quantity: 1 },
      ],
      values: values({ shippingOption: 'Retirada', recipientName: ' Ana Lima ' }),
      locale: 'en',
    });
    expect(input).toEqual({
      orderId: 'ABCDEF123456',
      lines: [{ key: 'mini-ovo', quantity: 3 }],
      shippingOption: 'Retirada',
      telephone: '(11) 91234-5678',
      recipientName: 'Ana Lima',
      locale: 'en',
    });
    expect(checkoutInputSchema.safeParse(input).success).toBe(true);
  });
});

describe('formatAddress', () => {
  it('joins the filled-in parts on one line', () => {
    expect(formatAddress({ ...address, postalCode: '01310-100' })).toBe(
      'Avenida Paulista, 1000, Apto 42, Bela Vista - São Paulo/SP, 01310-100',
    );
    expect(formatAddress({ ...address, extra: ' ', postalCode: '01310-100' })).toBe(
      'Avenida Paulista, 1000, Bela Vista - São Paulo/SP, 01310-100',
    );
  });

  it('reads an older address without bairro and UF', () => {
    const { neighborhood, state, ...older } = address;
    void neighborhood;
    void state;
    expect(formatAddress({ ...older, postalCode: '01310-100' })).toBe(
      'Avenida Paulista, 1000, Apto 42 - São Paulo, 01310-100',
    );
  });
});

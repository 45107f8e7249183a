// The strict schema of the checkout input. Pure (zod, so browser code that only needs the limits
// or validators imports limits.ts or lib/brazil.ts). Whether a key names a product of the shop is
// the catalogue's to say (lib/orders/place-order.ts asks it).
import { z } from 'zod';

import { PRODUCT_KEY_MAX_LENGTH, PRODUCT_KEY_PATTERN } from '@/lib/catalogue/product';

import { normalizeCep, normalizeCpf, normalizePhone } from '@/lib/brazil';
import { normalizeUf } from '@/lib/brazil-ufs';
import { locales } from '@/lib/i18n/locales';

import { CHECKOUT_LIMITS, GIFT_MESSAGE_MAX_LENGTH, ORDER_ID_PATTERN } from './limits';

const text = (min: number) => z.string().trim().min(min).max(CHECKOUT_LIMITS.maxTextLength);

const productKeySchema = z.string().max(PRODUCT_KEY_MAX_LENGTH).regex(PRODUCT_KEY_PATTERN);

const lineSchema = z.strictObject({
  key: productKeySchema,
  quantity: z.number().int().min(1).max(CHECKOUT_LIMITS.maxQuantity),
  variant: z.literal('default').optional(),
});

const addressSchema = z.strictObject({
  street: text(1),
  number: text(1),
  // The complement is the one field people often leave empty.
  extra: text(0),
  city: text(1),
  postalCode: z
    .string()
    .max(CHECKOUT_LIMITS.maxTextLength)
    .transform((value, context) => {
      const cep = normalizeCep(value);
      if (cep === null) context.addIssue({ code: 'custom', message: 'invalid CEP' });
      return cep ?? '';
    }),
  // Bairro and Estado: required on every new address, stored as 'SP'.
  neighborhood: text(1),
  state: z
    .string()
    .max(CHECKOUT_LIMITS.maxTextLength)
    .transform((value, context) => {
      const uf = normalizeUf(value);
      if (uf === null) context.addIssue({ code: 'custom', message: 'invalid UF' });
      return uf ?? '';
    }),
});

const normalized = (normalize: (value: string) => string | null, message: string) =>
  z
    .string()
    .max(CHECKOUT_LIMITS.maxTextLength)
    .transform((value, context) => {
      const result = normalize(value);
      if (result === null) context.addIssue({ code: 'custom', message });
      return result ?? '';
    });

/**
 * What the checkout form sends. Strict at every level: unknown keys (prices, totals, uid,
 * status...) are refused rather than dropped, so nobody mistakes them for being honoured.
 */
export const checkoutInputSchema = z
  .strictObject({
    orderId: z.string().regex(ORDER_ID_PATTERN),
    lines: z
      .array(lineSchema)
      .min(1)
      .max(CHECKOUT_LIMITS.maxLines)
      .refine((lines) => new Set(lines.map((line) => line.key)).size === lines.length, {
        message: 'duplicate product',
      }),
    shippingOption: z.enum(['Entrega', 'Retirada']),
    address: addressSchema.optional(),
    telephone: normalized(normalizePhone, 'invalid phone'),
    cpf: normalized(normalizeCpf, 'invalid CPF').optional(),
    /** Save the delivery address (if any) and the telephone to the user's profile too. */
    saveToProfile: z.boolean().optional(),
    /** The delivery or pick-up day, 'yyyy-mm-dd'; checked against the table by place-order. */
    deliveryDate: z.string().max(10).optional(),
    locale: z.enum(locales),
    /** The gift card's message; '' or missing: none. */
    giftMessage: z.string().trim().max(GIFT_MESSAGE_MAX_LENGTH).optional(),
    /** Who receives the order (a gift's recipient, or the shopper); missing: the shopper. */
    recipientName: z.string().trim().min(1).max(CHECKOUT_LIMITS.maxTextLength).optional(),
    /** A coupon's code as typed (lib/coupons/rules.ts normalizes it; the server checks it). */
    couponCode: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine((input, context) => {
    if (input.shippingOption === 'Entrega' && !input.address) {
      context.addIssue({ code: 'custom', path: ['address'], message: 'required for Entrega' });
    }
  });

/** The checkout form's payload, as the browser builds it. */
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** The payload after validation: trimmed, CEP/CPF formatted, phone as digits. */
export type ValidCheckoutInput = z.output<typeof checkoutInputSchema>;

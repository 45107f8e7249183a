import 'server-only';

import { z } from 'zod';

import { centavosFromReais, reaisAmount } from '@/lib/catalogue/format';

import {
  call,
  getMercadoPagoConfig,
  MERCADOPAGO_ID_PATTERN,
  MercadoPagoError,
} from '@/lib/payments/mercadopago';
import { SITE_URL } from '@/lib/site';

import type { ClubPlan } from './config';
import type { AuthorizedPayment, Preapproval } from './membership';

// Mercado Pago's subscriptions (preapproval) API, the calls the club makes: create a subscription
// for a plan, read one, change its status, and read one of its monthly charges (an authorized
// payment). Over lib/payments' call(), so tests point it at the local fake
// (test/fake-mercadopago.ts).

export type NewPreapproval = { preapprovalId: string; initPoint: string };

const createdSchema = z.object({
  id: z.string().min(1),
  init_point: z.url({ protocol: /^https?$/ }),
  sandbox_init_point: z.url({ protocol: /^https?$/ }).optional(),
});

const preapprovalSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  external_reference: z.string().nullable().optional(),
  last_modified: z.string().nullable().optional(),
  next_payment_date: z.string().nullable().optional(),
});

function time(value: string | null | undefined): number | null {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** Where Mercado Pago sends the shopper back after authorising: their account page. */
export function clubReturnUrl(locale: 'pt-BR' | 'en'): string {
  return `${SITE_URL}/${locale}/usuario`;
}

function configOrThrow() {
  const config = getMercadoPagoConfig();
  if (!config) throw new MercadoPagoError('Mercado Pago is not configured');
  return config;
}

/**
 * Creates a pending subscription to `plan` for the shopper `email`, charged its price every
 * plan.everyMonths months; external_reference is the shopper's uid, which the webhook reads back.
 */
export async function createPreapproval(input: {
  uid: string;
  email: string;
  plan: ClubPlan;
  reason: string;
  locale: 'pt-BR' | 'en';
  idempotencyKey: string;
}): Promise<NewPreapproval> {
  const config = configOrThrow();
  const { status, body } = await call(config, '/preapproval', {
    method: 'POST',
    idempotencyKey: input.idempotencyKey,
    body: {
      reason: input.reason,
      external_reference: input.uid,
      payer_email: input.email,
      back_url: clubReturnUrl(input.locale),
      auto_recurring: {
        frequency: input.plan.everyMonths,
        frequency_type: 'months',
        transaction_amount: reaisAmount(input.plan.price),
        currency_id: 'BRL',
      },
      status: 'pending',
    },
  });
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`POST /preapproval answered ${status}`, status);
  }
  const parsed = createdSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected preapproval response', status);
  const sandbox = config.accessToken.startsWith('TEST-') && parsed.data.sandbox_init_point;
  return { preapprovalId: parsed.data.id, initPoint: sandbox || parsed.data.init_point };
}

function reshape(body: unknown, status: number): Preapproval {
  const parsed = preapprovalSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected preapproval response', status);
  return {
    id: parsed.data.id,
    status: parsed.data.status,
    externalReference: parsed.data.external_reference ?? null,
    lastModifiedAt: time(parsed.data.last_modified),
    nextPaymentAt: time(parsed.data.next_payment_date),
  };
}

/** The preapproval `id` as Mercado Pago reports it now, or null when it does not exist. */
export async function getPreapproval(id: string): Promise<Preapproval | null> {
  const config = configOrThrow();
  if (!MERCADOPAGO_ID_PATTERN.test(id)) return null;
  const { status, body } = await call(config, `/preapproval/${id}`, { method: 'GET' });
  if (status === 404) return null;
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`GET /preapproval/{id} answered ${status}`, status);
  }
  return reshape(body, status);
}

/** Pauses, resumes ('authorized') or cancels the preapproval `id`; answers it as changed. */
export async function setPreapprovalStatus(
  id: string,
  next: 'paused' | 'authorized' | 'cancelled',
): Promise<Preapproval> {
  const config = configOrThrow();
  if (!MERCADOPAGO_ID_PATTERN.test(id)) throw new MercadoPagoError('Invalid preapproval id');
  const { status, body } = await call(config, `/preapproval/${id}`, {
    method: 'PUT',
    body: { status: next },
  });
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`PUT /preapproval/{id} answered ${status}`, status);
  }
  return reshape(body, status);
}

const authorizedPaymentSchema = z.object({
  id: z.union([z.string().min(1), z.number()]),
  preapproval_id: z.string().min(1),
  status: z.string(),
  transaction_amount: z.number().nonnegative(),
  debit_date: z.string().nullable().optional(),
  date_created: z.string().nullable().optional(),
  payment: z.object({ status: z.string().nullable().optional() }).nullable().optional(),
});

/**
 * The monthly charge `id` (GET /authorized_payments/{id}) as Mercado Pago reports it now, or null
 * when it does not exist.
 */
export async function getAuthorizedPayment(id: string): Promise<AuthorizedPayment | null> {
  const config = configOrThrow();
  if (!MERCADOPAGO_ID_PATTERN.test(id)) return null;
  const { status, body } = await call(config, `/authorized_payments/${id}`, { method: 'GET' });
  if (status === 404) return null;
  if (status < 200 || status >= 300) {
    throw new MercadoPagoError(`GET /authorized_payments/{id} answered ${status}`, status);
  }
  const parsed = authorizedPaymentSchema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('Unexpected authorized payment response', status);
  return {
    id: String(parsed.data.id),
    preapprovalId: parsed.data.preapproval_id,
    status: parsed.data.status,
    paymentStatus: parsed.data.payment?.status ?? null,
    amount: centavosFromReais(parsed.data.transaction_amount),
    at: time(parsed.data.debit_date) ?? time(parsed.data.date_created),
  };
}

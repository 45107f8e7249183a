import { buildPixCode } from './fake-pix-code';
import { qrPng } from './qr-png';

// The payments of the local fake of Mercado Pago (./fake-mercadopago.ts) as POST /v1/payments
// makes them: a Pix with its BR Code and QR code, or a card payment (a token starting with
// 'reject' is rejected).

export type FakePayment = {
  id: string | number;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  [field: string]: unknown;
};

/**
 * The payment `body` asks for, numbered by `nextId` once it names an amount, a method and a
 * payer, or what is wrong with it. `baseUrl` is the fake's, for the Pix ticket's address.
 */
export function makeFakePayment(
  body: unknown,
  nextId: () => number,
  baseUrl: string,
): FakePayment | { error: string } {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const amount = input.transaction_amount;
  const method = input.payment_method_id;
  const email = (input.payer as { email?: unknown } | undefined)?.email;
  if (typeof amount !== 'number' || !(amount > 0)) return { error: 'invalid transaction_amount' };
  if (typeof method !== 'string') return { error: 'payment_method_id required' };
  if (typeof email !== 'string' || !email.includes('@')) return { error: 'payer.email required' };
  const id = nextId();
  const now = new Date().toISOString().replace('Z', '+00:00');
  const common = {
    id,
    date_created: now,
    currency_id: 'BRL',
    transaction_amount: amount,
    external_reference:
      typeof input.external_reference === 'string' ? input.external_reference : null,
    description: input.description ?? null,
    payer: { email },
  };
  if (method === 'pix') {
    if (typeof input.date_of_expiration !== 'string') return { error: 'date_of_expiration' };
    // A dynamic code: the location identifies this payment, as Mercado Pago's do.
    const location = `qr.fake-mercadopago.test/pix/v2/${String(id).padStart(32, '0')}`;
    const qrCode = buildPixCode({
      location,
      amount,
      merchantName: 'Fake Mercado Pago Loja',
      merchantCity: 'SAO PAULO',
      txid: `MP${id}`,
    });
    return {
      ...common,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      payment_method_id: 'pix',
      payment_type_id: 'bank_transfer',
      date_of_expiration: input.date_of_expiration,
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: qrCode,
          qr_code_base64: qrPng(qrCode).toString('base64'),
          ticket_url: `${baseUrl}/payments/${id}/ticket`,
        },
      },
    };
  }
  if (typeof input.token !== 'string' || input.token.length === 0) return { error: 'token' };
  const rejected = input.token.startsWith('reject');
  return {
    ...common,
    status: rejected ? 'rejected' : 'approved',
    status_detail: rejected ? 'cc_rejected_other_reason' : 'accredited',
    payment_method_id: method,
    payment_type_id: 'credit_card',
    installments: input.installments ?? 1,
  };
}

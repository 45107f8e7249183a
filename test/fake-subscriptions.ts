// The club's side of the Mercado Pago stand-in (./fake-mercadopago.ts): subscriptions
// (preapprovals) and their monthly charges (authorized payments), kept in memory.

export type ChargeOptions = {
  paymentStatus?: 'approved' | 'rejected';
  amount?: number;
  debitDate?: string;
  id?: string;
};

/** `nextPaymentId` gives each charge's payment an id from the payments' own sequence. */
export function fakeSubscriptions(nextPaymentId: () => number) {
  const preapprovals = new Map<string, Record<string, unknown>>();
  let preapprovalCount = 0;
  const authorizedPayments = new Map<string, Record<string, unknown>>();
  // Mercado Pago's authorized payment ids are numbers.
  let nextAuthorizedPaymentId = 7_000_000_000;
  // last_modified moves forward on every change, even within one millisecond.
  let clock = Date.now();
  const modified = () => new Date((clock = Math.max(clock + 1, Date.now()))).toISOString();

  return {
    /** POST /preapproval: a pending subscription made of `body`. */
    create(body: unknown, baseUrl: string): Record<string, unknown> {
      preapprovalCount += 1;
      const id = `fakepre${preapprovalCount}`;
      const created = {
        ...(typeof body === 'object' && body !== null ? body : {}),
        id,
        status: 'pending',
        init_point: `${baseUrl}/subscriptions/checkout?preapproval_id=${id}`,
        date_created: new Date().toISOString(),
        last_modified: modified(),
        next_payment_date: null,
      };
      preapprovals.set(id, created);
      return created;
    },
    get: (id: string) => preapprovals.get(id),
    /** The subscription `id` with its status changed, or undefined when there is none. */
    changeStatus(id: string, status: string): Record<string, unknown> | undefined {
      const current = preapprovals.get(id);
      if (!current) return undefined;
      const next = {
        ...current,
        status,
        last_modified: modified(),
        next_payment_date:
          status === 'authorized' ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null,
      };
      preapprovals.set(id, next);
      return next;
    },
    authorizedPayment: (id: string) => authorizedPayments.get(id),
    /** A monthly charge of `preapprovalId`, as Mercado Pago makes it on a due date; its id. */
    charge(preapprovalId: string, options: ChargeOptions = {}): string {
      const paymentStatus = options.paymentStatus ?? 'approved';
      const id = options.id ?? String((nextAuthorizedPaymentId += 1));
      const subscription = preapprovals.get(preapprovalId);
      const recurring = subscription?.auto_recurring as
        { transaction_amount?: unknown } | undefined;
      const amount =
        options.amount ??
        (typeof recurring?.transaction_amount === 'number' ? recurring.transaction_amount : 0);
      const now = new Date().toISOString();
      authorizedPayments.set(id, {
        id: Number(id),
        type: 'scheduled',
        preapproval_id: preapprovalId,
        external_reference: subscription?.external_reference ?? null,
        currency_id: 'BRL',
        transaction_amount: amount,
        date_created: now,
        last_modified: now,
        debit_date: options.debitDate ?? now,
        // Mercado Pago keeps retrying ('recycling') a rejected charge.
        status: paymentStatus === 'approved' ? 'processed' : 'recycling',
        retry_attempt: paymentStatus === 'approved' ? 0 : 1,
        payment: {
          id: nextPaymentId(),
          status: paymentStatus,
          status_detail:
            paymentStatus === 'approved' ? 'accredited' : 'cc_rejected_insufficient_amount',
        },
      });
      return id;
    },
    clear(): void {
      authorizedPayments.clear();
      preapprovals.clear();
    },
  };
}

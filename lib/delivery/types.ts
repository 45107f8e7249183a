// What the checkout's quote route answers (app/api/delivery/quote/route.ts), shared with the form.

export type DeliveryQuoteAnswer = {
  /** False when the shop stored no delivery table: no fee, no day to choose. */
  configured: boolean;
  /** Delivery to this CEP is in no region: only pick-up. */
  outside: boolean;
  /** Centavos, as `subtotal` and `total`. */
  fee: number;
  subtotal: number;
  total: number;
  /** The region's name, for delivery inside one. */
  region: string | null;
  /** The days offered, in order; `full` days cannot be chosen. */
  days: { day: string; full: boolean }[];
};

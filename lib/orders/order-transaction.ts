import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';

import { toProduct } from '@/lib/catalogue/product';
import { catalogueSnapshot } from '@/lib/catalogue/repository';
import { revisionOf, storefrontRevisionRef } from '@/lib/catalogue/revision';
import type { Product, ProductRecord } from '@/lib/catalogue/types';
import { couponTakeReads } from '@/lib/coupons/repository';
import { couponDiscount, couponProblem, type CouponProblem } from '@/lib/coupons/rules';
import { recordOrderPlaced } from '@/lib/day-totals/rollups';
import type { MemberPricing } from '@/lib/club/perks';
import { allSettledOrThrow } from '@/lib/deadline';
import type { DeliveryPlan } from '@/lib/delivery/plan';
import { dayReads, takeDeliverySlot } from '@/lib/delivery/repository';
import { shopToday } from '@/lib/delivery/table';
import { stockTakeReads, writeStockTakes, type StockTake } from '@/lib/inventory/stock-shards';
import { queueOrderPlacedMails } from '@/lib/mail/order-mail';
import { getMercadoPagoConfig } from '@/lib/payments/mercadopago';
import { sharedTokenReads, type SharedTake } from '@/lib/rate-limit/repository';
import { formatPhone } from '@/lib/brazil';
import { isUnfilled } from '@/lib/users/profile-edit';
import { updateUserProfileInTransaction, type ProfileUpdate } from '@/lib/users/repository';
import type { PublicUser } from '@/lib/users/types';

import type { StockProblem } from './checkout-result';
import type { ValidCheckoutInput } from './checkout-schema';
import { manualHoldDeadline, MAX_OPEN_ORDERS, openOrdersOf, paymentDeadline } from './expiry';
import { holdLimitProblems, type HoldLimitProblem } from './hold-limits';
import { markOrderChanged } from './repository/markers';
import { OrderTooLateError, withRetries } from './transaction-retries';
import type { StoredOrder } from './repository/stored';
import { createOrder, listUnsettledOrdersInTransaction } from './repository/writes';

// The one transaction of an order (lib/orders/place-order.ts runs it): every read at once (the
// account's open orders, its shared rate-limit buckets, the lines' stock documents, the delivery
// day), then either the reason it cannot be placed, writing nothing, or every write.

/** One priced line: the price always comes from the catalogue. */
export type PricedLine = { product: Product; quantity: number };

/** The lines priced, with the storefront revision their prices are from; or why not. */
export type Priced =
  { lines: PricedLine[]; revision: number } | { issues: string[]; missing: string[] };

/** The input's lines priced from `records`, or the issues of keys naming no product of the shop. */
export function priceLinesFrom(
  input: Pick<ValidCheckoutInput, 'lines'>,
  records: readonly ProductRecord[],
): { lines: PricedLine[] } | { issues: string[]; missing: string[] } {
  const issues: string[] = [];
  const missing: string[] = [];
  const lines = input.lines.flatMap((line, index) => {
    const record = records.find((candidate) => candidate.key === line.key && !candidate.archived);
    if (!record) {
      issues.push(`lines.${index}.key: unknown product`);
      missing.push(line.key);
    }
    return record ? [{ product: toProduct(record), quantity: line.quantity }] : [];
  });
  return issues.length > 0 ? { issues, missing } : { lines };
}

/**
 * The input's lines priced from the catalogue (the request carries no price): this process's copy
 * (`fresh`: with the storefront revision read now). The order's transaction checks the revision
 * again, so the price charged is the one current when the order is written.
 */
export async function priceLines(
  input: Pick<ValidCheckoutInput, 'lines'>,
  options: { fresh?: boolean } = {},
): Promise<Priced> {
  const { revision, records } = await catalogueSnapshot(options);
  const priced = priceLinesFrom(input, records);
  return 'lines' in priced ? { lines: priced.lines, revision } : priced;
}

export type Outcome =
  /** The order id is one of the account's open orders: this is a replay. */
  | { kind: 'existing'; order: StoredOrder }
  /** `takes`: where its units came from (lib/inventory/stock-shards.ts). */
  | { kind: 'created'; order: StoredOrder; takes: StockTake[] }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'too-many-open'; openOrders: string[] }
  | { kind: 'hold-limit'; problems: HoldLimitProblem[] }
  | { kind: 'delivery-outside' | 'delivery-date' | 'delivery-full' | 'delivery-no-days' }
  /** The coupon cannot be used (`minimum`: the subtotal it needs, in centavos). */
  | { kind: 'coupon'; problem: CouponProblem; minimum: number }
  | { kind: 'out-of-stock' | 'unavailable'; details: StockProblem[]; takes?: StockTake[] }
  /** The catalogue changed since the lines were priced: price them again. */
  | { kind: 'catalogue-moved' };

export type StockRefusal = Extract<Outcome, { kind: 'out-of-stock' | 'unavailable' }>;

/** A product's stock as a refusal needs it: units and the flags of its inventory document. */
export type OnHand = { stock: number; availableForSale?: boolean; showInStore?: boolean };

/**
 * Why the lines cannot be served from `onHand` (each line's product's stock and flags, in order;
 * undefined: nothing known, treated as none left), or null when they can. A product hidden from
 * the shop ('Na vitrine' off) is refused like one not for sale; the inventory document's flags win
 * over the catalogue when it has them.
 */
export function stockRefusal(
  lines: readonly PricedLine[],
  onHand: readonly (OnHand | undefined)[],
  locale: ValidCheckoutInput['locale'],
): StockRefusal | null {
  const unavailable: StockProblem[] = [];
  const short: StockProblem[] = [];
  lines.forEach(({ product, quantity }, index) => {
    const { stock = 0, availableForSale, showInStore } = onHand[index] ?? {};
    const problem = { key: product.key, title: product.title[locale], available: stock };
    const forSale = availableForSale ?? product.availableForSale;
    if (!forSale || !(showInStore ?? product.showInStore)) {
      unavailable.push({ ...problem, available: 0 });
    } else if (stock < quantity) short.push(problem);
  });
  if (unavailable.length > 0) return { kind: 'unavailable', details: unavailable };
  if (short.length > 0) return { kind: 'out-of-stock', details: short };
  return null;
}

/** How far an order's transaction got: once its writes were sent, the order may exist. */
export type Progress = { attempts: number; writesSent: boolean };

/** Everything decided before the transaction. */
export type OrderPlan = {
  user: PublicUser;
  input: ValidCheckoutInput;
  lines: PricedLine[];
  /** The storefront revision the lines were priced at (checked again in the transaction). */
  catalogueRevision: number;
  /** The club member's discount per line (lib/club/perks.ts); none for other shoppers. */
  pricing: MemberPricing;
  /** The fee and days decided from the delivery table (lib/delivery/plan.ts). */
  delivery: DeliveryPlan;
  /** The shared buckets of the order limits, read and taken in the transaction. */
  limits: SharedTake[];
  /** Per product key, the stock shards to read first (lib/inventory/stock-shards.ts). */
  preferredShards: ReadonlyMap<string, readonly number[]>;
  /** The coupon's code, normalized (lib/coupons/rules.ts); null: none. */
  couponCode: string | null;
};

/**
 * The order's transaction. Reads, all at once: the account's open orders, the order limits'
 * shared buckets, each line's stock documents and the delivery day; then refuses, writing
 * nothing, or takes the stock and the day, creates the order (`create`: the commit fails with
 * ALREADY_EXISTS when the id was taken, by an order of this shopper's or another's), bumps the
 * change markers and takes the rate-limit tokens. `writeBy` (epoch ms): past it, it writes
 * nothing (OrderTooLateError).
 */
export function reserveAndCreate(
  plan: OrderPlan,
  progress: Progress,
  writeBy: number,
): Promise<Outcome> {
  const { user, input, lines, pricing, delivery } = plan;
  return withRetries(writeBy, async (transaction: Transaction): Promise<Outcome> => {
    // Run again when the transaction contends (withRetries); the log line reports how often.
    progress.attempts += 1;
    // The documents in one batched read, the open orders (a query) beside it.
    const limitReads = sharedTokenReads(plan.limits);
    const stockReads = stockTakeReads(
      lines.map(({ product, quantity }) => ({
        key: product.key,
        quantity,
        preferred: plan.preferredShards.get(product.key) ?? [0],
      })),
    );
    // The day's capacity, read in the transaction: of two orders for its last place, one gets it.
    const days =
      delivery.capacity !== null ? dayReads(delivery.days, delivery.capacity) : dayReads([], 0);
    // A coupon: its definition, the account's uses and one of its use shards.
    const couponReads = plan.couponCode ? couponTakeReads(plan.couponCode, user.uid) : null;
    const [unsettled, documents] = await allSettledOrThrow([
      // Read in the transaction, so two orders placed at once cannot both pass the caps.
      listUnsettledOrdersInTransaction(transaction, user.uid),
      transaction.getAll(
        storefrontRevisionRef(),
        ...limitReads.refs,
        ...stockReads.refs,
        ...days.refs,
        ...(couponReads?.refs ?? []),
      ),
    ]);
    // A catalogue edit committed since the pricing: priced again (an order is charged the price
    // current when it is written). Read here, an edit committing meanwhile retries this.
    if (revisionOf(documents.shift()!) !== plan.catalogueRevision) {
      return { kind: 'catalogue-moved' };
    }
    const limits = limitReads.decide(documents.slice(0, limitReads.refs.length));
    const afterLimits = limitReads.refs.length + stockReads.refs.length;
    const takes = await stockReads.finish(
      transaction,
      documents.slice(limitReads.refs.length, afterLimits),
    );
    const day =
      delivery.days.length > 0 && delivery.capacity !== null
        ? await days.finish(
            transaction,
            documents.slice(afterLimits, afterLimits + days.refs.length),
          )
        : undefined;
    const coupon = couponReads
      ? await couponReads.finish(transaction, documents.slice(afterLimits + days.refs.length))
      : null;
    const replay = unsettled.find((order) => order.orderId === input.orderId);
    if (replay) return { kind: 'existing', order: replay };
    if (!limits.decision.allowed) {
      return { kind: 'rate-limited', retryAfterSeconds: limits.decision.retryAfterSeconds };
    }
    const openOrders = openOrdersOf(unsettled, new Date());
    if (openOrders.length >= MAX_OPEN_ORDERS) {
      return { kind: 'too-many-open', openOrders: openOrders.map((order) => order.orderId) };
    }
    // Fair stock: this order and the account's open ones within HOLD_LIMITS.
    const problems = holdLimitProblems(
      lines.map(({ product, quantity }) => ({ key: product.key, quantity })),
      openOrders.flatMap((order) =>
        order.orderItems.flatMap((item) =>
          item.key ? [{ key: item.key, quantity: item.quantity }] : [],
        ),
      ),
    );
    if (problems.length > 0) return { kind: 'hold-limit', problems };
    // The coupon on the products after the club's discount (lib/coupons/rules.ts).
    const subtotal = lines.reduce(
      (sum, { product, quantity }, index) =>
        sum + (product.price - (pricing.unitDiscounts[index] ?? 0)) * quantity,
      0,
    );
    if (coupon) {
      const problem = couponProblem(coupon.coupon, {
        today: shopToday(),
        subtotal,
        usesLeft: coupon.usesLeft,
        accountUses: coupon.accountUses,
        hasOrdered: coupon.hasOrdered,
      });
      if (problem) return { kind: 'coupon', problem, minimum: coupon.coupon?.minimum ?? 0 };
    }
    const refusal = stockRefusal(
      lines,
      takes.map((take) => ({ ...take, stock: take.available })),
      input.locale,
    );
    if (refusal) return { ...refusal, takes };
    // A day the shopper chose filled up; an order that named none found no day with room.
    if (day === null) {
      return { kind: input.deliveryDate === undefined ? 'delivery-no-days' : 'delivery-full' };
    }
    // A Firestore call cannot be cancelled: when placeOrder's deadline passes, this function
    // goes on in the background (e.g. Firestore was frozen and answers its reads later). Were
    // it to write then, the shopper who was told 'temporarily unavailable' would have an order
    // and less stock. So it gives up before its writes once the deadline is near; throwing here
    // rolls the transaction back, and withRetries does not retry it (it has no status code).
    // placeOrder's commit margin leaves the commit itself time to land before it stops waiting;
    // only a commit already sent when Firestore stalls can still land late, and then the
    // shopper's retry (the cart keeps its order id) gets that same order back, never a second.
    if (Date.now() > writeBy) throw new OrderTooLateError();
    // From here the order may exist even if placeOrder stops waiting (see 'outcome-unknown').
    progress.writesSent = true;
    writeStockTakes(transaction, takes);
    if (day) takeDeliverySlot(transaction, day, input.orderId);
    limits.take(transaction);
    coupon?.take(transaction);
    const online = getMercadoPagoConfig() !== null;
    const order = createOrder(transaction, {
      orderId: input.orderId,
      clientRef: user.uid,
      orderItems: lines.map(({ product, quantity }, index) => ({
        key: product.key,
        translatedTitle: product.title[input.locale],
        quantity,
        value: product.price - (pricing.unitDiscounts[index] ?? 0),
      })),
      memberDiscount:
        pricing.discount > 0
          ? { percent: pricing.eggDiscountPercent, amount: pricing.discount }
          : null,
      shippingOption: input.shippingOption,
      locale: input.locale,
      address: input.shippingOption === 'Entrega' && input.address ? { ...input.address } : null,
      telephone: input.telephone,
      cpf: input.cpf ?? null,
      deliveryFee: delivery.fee,
      deliveryDate: day ?? null,
      // A name never filled in is stored as a placeholder ('No name'): the order gets none.
      customer: { name: isUnfilled('name', user.name) ? '' : user.name, email: user.email },
      paymentProvider: online ? 'mercadopago' : 'manual',
      // When it stops holding its stock unless paid (online) or confirmed by the shop (by hand).
      expiresAt: online ? paymentDeadline() : manualHoldDeadline(),
      giftMessage: input.giftMessage ?? '',
      recipientName: input.recipientName ?? '',
      coupon: coupon?.coupon
        ? { code: coupon.coupon.code, amount: couponDiscount(subtotal, coupon.coupon) }
        : null,
      couponShard: coupon?.coupon ? coupon.shard : null,
    });
    queueOrderPlacedMails(transaction, order);
    // The panel home's day totals (blind increments: nothing read, lib/day-totals/rollups.ts).
    recordOrderPlaced(transaction, order);
    // The live polls (shopper and panel) see a change marker move.
    markOrderChanged(transaction, user.uid);
    // 'Salvar este endereço no meu perfil': with the order, in the same transaction.
    const profile = profileFromOrder(input);
    if (profile) updateUserProfileInTransaction(transaction, user.uid, profile);
    return { kind: 'created', order, takes };
  });
}

/** Whether `error` is Firestore refusing the order's `create`: its id is taken. */
export function isOrderIdTaken(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 6;
}

/**
 * What an order saves to the shopper's profile when asked: the telephone (as the shop shows it)
 * and, for a delivery, the address as validated for it. Null when not asked.
 */
function profileFromOrder(input: ValidCheckoutInput): ProfileUpdate | null {
  if (!input.saveToProfile) return null;
  const telephone = formatPhone(input.telephone);
  if (input.shippingOption !== 'Entrega' || !input.address) return { telephone };
  const { street, number, extra, city, postalCode, neighborhood, state } = input.address;
  return {
    telephone,
    address: { street, number, extra, city, postalCode, neighborhood, state },
  };
}

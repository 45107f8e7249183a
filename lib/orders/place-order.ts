import 'server-only';

import type { Transaction } from 'firebase-admin/firestore';
import { headers } from 'next/headers';
import type { z } from 'zod';

import { toProduct } from '@/lib/catalogue/product';
import { listProductRecords } from '@/lib/catalogue/repository';
import type { Product } from '@/lib/catalogue/types';
import { keepAliveUntil } from '@/lib/after-response';
import {
  backendDeadlineMs,
  DeadlineExceededError,
  isBackendUnavailable,
  withDeadline,
} from '@/lib/deadline';
import { memberPricingFor } from '@/lib/club/checkout';
import type { MemberPricing } from '@/lib/club/perks';
import { runTransaction } from '@/lib/firebase/admin';
import { planDelivery, type DeliveryPlan } from '@/lib/delivery/plan';
import { firstDayWithRoom, getDeliveryTable, takeDeliverySlot } from '@/lib/delivery/repository';
import { readLiveStock, readStock, takeStock } from '@/lib/inventory/repository';
import { startActionLog, type RequestLog } from '@/lib/log';
import {
  createPreference,
  getMercadoPagoConfig,
  MercadoPagoError,
  type Preference,
} from '@/lib/payments/mercadopago';
import type { CheckoutPayment } from '@/lib/payments/types';
import { scheduleOrderPlacedMails } from '@/lib/mail/order-mail';
import { rateLimiter } from '@/lib/rate-limit';
import { clientAddress } from '@/lib/security/origin';
import { getSessionUser, readSession, SessionUnavailableError } from '@/lib/session/session';
import { formatPhone } from '@/lib/brazil';
import { isUnfilled } from '@/lib/users/profile-edit';
import { updateUserProfileInTransaction, type ProfileUpdate } from '@/lib/users/repository';
import type { PublicUser } from '@/lib/users/types';

import type {
  HoldLimitDetail,
  PlaceOrderResult,
  RetryPaymentResult,
  StockProblem,
} from './checkout-result';
import { checkoutInputSchema, type ValidCheckoutInput } from './checkout-schema';
import {
  expireDueOrdersLazily,
  manualHoldDeadline,
  MAX_OPEN_ORDERS,
  openOrdersOf,
  paymentDeadline,
} from './expiry';
import { orderTotal } from './format';
import { holdLimitProblems, type HoldLimitProblem } from './hold-limits';
import { onlinePaymentItems } from './online-payment';
import { ORDER_ID_PATTERN } from './limits';
import { inProductTurn, noteStock, seenShort } from './product-turns';
import {
  createOrder,
  markOrderChanged,
  getOrder,
  getOrderForViewer,
  getOrderInTransaction,
  listUnsettledOrdersInTransaction,
  recordPaymentError,
  recordPreference,
  type StoredOrder,
} from './repository';
import type { PlacedOrder } from './types';

// Placing an order and paying for it: the checkout's use-cases over the orders and inventory
// repositories and the Mercado Pago client. Prices always come from the catalogue.

const MAX_ISSUES = 20;

/**
 * placeOrder's own Firestore work (lazy expiry, the stock read, the queue, the transaction) gets
 * what is left of the session check and the rate-limit checks' time plus this, at most
 * backendDeadlineMs(): with the 3 s default, 4.5 s after the start when those answered in time.
 */
const ORDER_ANSWER_SLACK_MS = 1500;
/** Time allowed to look up an order id already placed before answering a refusal. */
const REPLAY_LOOKUP_MS = 800;
/** The transaction's writes must be sent at least this long before placeOrder stops waiting. */
const COMMIT_MARGIN_MS = 500;

/**
 * An order that reached its writes (or its turn in the queue) too late: placeOrder has already
 * answered, or is about to, so it writes nothing.
 */
class OrderTooLateError extends Error {
  constructor() {
    super('the order transaction reached its writes after its deadline');
    this.name = 'OrderTooLateError';
  }
}

/** How far an order's transaction got: once its writes were sent, the order may exist. */
type Progress = { attempts: number; writesSent: boolean };

/** Firestore could not answer, or the transaction reached its writes too late. */
function isBackendFault(error: unknown): boolean {
  return isBackendUnavailable(error) || error instanceof OrderTooLateError;
}

/** One priced line: the price always comes from the catalogue. */
type PricedLine = { product: Product; quantity: number };

type Outcome =
  | { kind: 'existing'; order: StoredOrder }
  /** `stockLeft`: each line's units after this order, once its transaction has committed. */
  | { kind: 'created'; order: StoredOrder; stockLeft: { key: string; stock: number }[] }
  | { kind: 'foreign' }
  | { kind: 'too-many-open'; openOrders: string[] }
  | { kind: 'hold-limit'; problems: HoldLimitProblem[] }
  | { kind: 'delivery-outside' | 'delivery-date' | 'delivery-full' | 'delivery-no-days' }
  | { kind: 'out-of-stock' | 'unavailable'; details: StockProblem[] };

type StockRefusal = Extract<Outcome, { kind: 'out-of-stock' | 'unavailable' }>;

/**
 * Why the lines cannot be served from `onHand` (the stock and flags of each line's product, in
 * order), or null when they can. A product hidden from the shop ('Na vitrine' off) is refused
 * like one not for sale; the inventory document's flags win over the catalogue when it has them.
 */
function stockRefusal(
  lines: readonly PricedLine[],
  onHand: readonly (
    { stock?: number; availableForSale?: boolean; showInStore?: boolean } | undefined
  )[],
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

/**
 * The same check on a plain read (one document read per product, no transaction): refuses an
 * order for a sold-out or withdrawn product at once, without queueing for the transaction. Only
 * a refusal is trusted; the transaction decides every order that passes.
 */
async function stockRefusalNow(
  lines: readonly PricedLine[],
  locale: ValidCheckoutInput['locale'],
): Promise<StockRefusal | null> {
  const live = await readLiveStock(lines.map(({ product }) => product.key));
  for (const [key, entry] of Object.entries(live)) noteStock(key, entry.stock);
  return stockRefusal(
    lines,
    lines.map(({ product }) => {
      const entry = live[product.key];
      return entry && { stock: entry.stock, availableForSale: entry.forSale, showInStore: true };
    }),
    locale,
  );
}

/** The limits' details as the shopper reads them: a per-product one names its product. */
function holdLimitDetails(
  problems: readonly HoldLimitProblem[],
  lines: readonly PricedLine[],
  locale: ValidCheckoutInput['locale'],
): HoldLimitDetail[] {
  const titleOf = (key: string) =>
    lines.find(({ product }) => product.key === key)?.product.title[locale] ?? key;
  return problems.map((problem) =>
    problem.limit === 'perProduct' ? { ...problem, title: titleOf(problem.key) } : problem,
  );
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    // Paths hold schema field names and array indices only, never values the client sent.
    const path = issue.path.map(String).join('.') || '(root)';
    return `${path}: ${issue.message}`.slice(0, 200);
  });
}

/**
 * The lines priced from the catalogue as it is now (its revision read again, not the one this
 * process last saw: an order is charged the price of the moment), or the issues of keys that name
 * no product of the shop.
 */
async function priceLines(
  input: ValidCheckoutInput,
): Promise<{ lines: PricedLine[] } | { issues: string[] }> {
  const records = await listProductRecords({ fresh: true });
  const issues: string[] = [];
  const lines = input.lines.flatMap((line, index) => {
    const record = records.find((candidate) => candidate.key === line.key);
    if (!record) issues.push(`lines.${index}.key: unknown product`);
    return record ? [{ product: toProduct(record), quantity: line.quantity }] : [];
  });
  return issues.length > 0 ? { issues } : { lines };
}

/**
 * The one transaction of an order: reads the order id and every line's inventory, then either
 * reports why it cannot be placed (writing nothing) or takes the stock and creates the order.
 */
function reserveAndCreate(
  user: PublicUser,
  input: ValidCheckoutInput,
  lines: PricedLine[],
  progress: Progress,
  /** Epoch ms after which the transaction must not write (see OrderTooLateError). */
  writeBy: number,
  /** The club member's discount per line (lib/club/perks.ts); none for other shoppers. */
  pricing: MemberPricing,
  /** The fee and day decided from the delivery table (lib/delivery/plan.ts). */
  delivery: DeliveryPlan,
): Promise<Outcome> {
  return runTransaction(async (transaction: Transaction): Promise<Outcome> => {
    // firebase-admin re-runs this when the transaction contends; the log line reports how often.
    progress.attempts += 1;
    const existing = await getOrderInTransaction(transaction, input.orderID);
    if (existing) {
      return existing.clientRef === user.uid
        ? { kind: 'existing', order: existing }
        : { kind: 'foreign' };
    }
    // Read in the transaction, so two orders placed at once cannot both pass the caps.
    const openOrders = openOrdersOf(
      await listUnsettledOrdersInTransaction(transaction, user.uid),
      new Date(),
    );
    if (openOrders.length >= MAX_OPEN_ORDERS) {
      return { kind: 'too-many-open', openOrders: openOrders.map((order) => order.orderID) };
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
    const onHand = await readStock(
      transaction,
      lines.map(({ product }) => product.key),
    );
    const refusal = stockRefusal(lines, onHand, input.locale);
    if (refusal) return refusal;
    // The day's capacity, read in the transaction: of two orders for its last place, one gets it.
    let day: string | null = null;
    if (delivery.days.length > 0 && delivery.capacity !== null) {
      day = await firstDayWithRoom(transaction, delivery.days, delivery.capacity);
      // A day the shopper chose filled up; an order that named none found no day with room.
      if (day === null) {
        return { kind: input.deliveryDate === undefined ? 'delivery-no-days' : 'delivery-full' };
      }
    }
    // A Firestore call cannot be cancelled: when placeOrder's deadline passes, this function
    // goes on in the background (e.g. Firestore was frozen and answers its reads later). Were
    // it to write then, the shopper who was told 'temporarily unavailable' would have an order
    // and less stock. So it gives up before its writes once the deadline is near; throwing here
    // makes firebase-admin roll the transaction back without retrying. COMMIT_MARGIN_MS leaves
    // the commit itself time to land before placeOrder stops waiting; only a commit already
    // sent when Firestore stalls can still land late, and then the shopper's retry (the cart
    // keeps its order id) gets that same order back as 'existing', never a second one.
    if (Date.now() > writeBy) throw new OrderTooLateError();
    // From here the order may exist even if placeOrder stops waiting (see 'outcome-unknown').
    progress.writesSent = true;
    takeStock(
      transaction,
      lines.map(({ product, quantity }, index) => ({
        key: product.key,
        quantity,
        stock: onHand[index]?.stock ?? 0,
      })),
    );
    if (day !== null) takeDeliverySlot(transaction, day, input.orderID);
    const online = getMercadoPagoConfig() !== null;
    const order = createOrder(transaction, {
      orderID: input.orderID,
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
      deliveryDate: day,
      // A name never filled in is stored as a placeholder ('No name'): the order gets none.
      customer: { name: isUnfilled('name', user.name) ? '' : user.name, email: user.email },
      paymentProvider: online ? 'mercadopago' : 'manual',
      // When it stops holding its stock unless paid (online) or confirmed by the shop (by hand).
      expiresAt: online ? paymentDeadline() : manualHoldDeadline(),
      giftMessage: input.giftMessage ?? '',
    });
    // The live polls (shopper and panel) see a change marker move.
    markOrderChanged(transaction, user.uid);
    // 'Salvar este endereço no meu perfil': with the order, in the same transaction.
    const profile = profileFromOrder(input);
    if (profile) updateUserProfileInTransaction(transaction, user.uid, profile);
    return {
      kind: 'created',
      order,
      stockLeft: lines.map(({ product, quantity }, index) => ({
        key: product.key,
        stock: (onHand[index]?.stock ?? 0) - quantity,
      })),
    };
  });
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

function isSettled(order: StoredOrder): boolean {
  return order.status.confirmed || order.status.cancelled;
}

/**
 * Creates a preference for a stored order and records it; on failure records status 'error'.
 * `attempt` 0 is the first preference, whose idempotency key is the order id itself.
 */
async function createAndStorePreference(
  order: StoredOrder,
  attempt: number,
  log: RequestLog,
): Promise<Preference | null> {
  const { orderID } = order;
  try {
    // An order placed online holds its stock until its payment deadline; one placed by hand and
    // paid online later gets a payment deadline of its own, not the longer manual hold.
    const expiresAt =
      order.payment.provider === 'mercadopago' && order.expiresAt
        ? order.expiresAt
        : paymentDeadline();
    const preference = await createPreference({
      orderID,
      locale: order.locale,
      // The products and the delivery fee (lib/orders/online-payment.ts).
      items: onlinePaymentItems(order),
      payerEmail: order.customer.email || undefined,
      idempotencyKey: attempt === 0 ? orderID : `${orderID}-retry-${attempt}`,
      expiresAt,
    });
    await recordPreference(orderID, preference, attempt, expiresAt);
    return preference;
  } catch (error) {
    const reason = error instanceof MercadoPagoError ? error.message : (error as Error)?.name;
    log.event('payment.preference_failed', { orderId: orderID, reason }, 'error');
    await recordPaymentError(orderID).catch((updateError: unknown) =>
      log.error(updateError, { during: 'record-payment-error', orderId: orderID }),
    );
    return null;
  }
}

/** How the shopper pays for a placed (or replayed) order; makes the preference when missing. */
async function paymentFor(order: StoredOrder, log: RequestLog): Promise<CheckoutPayment> {
  const { payment } = order;
  if (payment.provider !== 'mercadopago') return { mode: 'manual' };
  if (payment.preferenceId !== null && payment.initPoint !== null) {
    return {
      mode: 'mercadopago',
      preferenceId: payment.preferenceId,
      initPoint: payment.initPoint,
    };
  }
  // A replay while the first call is still creating the preference gets the same one back:
  // the first attempt's idempotency key is the order id.
  if (!getMercadoPagoConfig() || isSettled(order)) return { mode: 'manual', paymentError: true };
  const preference = await createAndStorePreference(order, 0, log);
  return preference
    ? { mode: 'mercadopago', ...preference }
    : { mode: 'manual', paymentError: true };
}

/**
 * The shopper's order `orderID` as a placed answer, when an earlier call placed it: a refusal of
 * this call (rate limit, no turn in time, a backend fault) must not tell a shopper who is only
 * sending the same order again that nothing was saved. Null when there is none, or when
 * Firestore does not answer within REPLAY_LOOKUP_MS and what is left of the order's 5 s.
 */
async function placedOrderReplay(
  orderID: string,
  uid: string,
  started: number,
  log: RequestLog,
): Promise<PlaceOrderResult | null> {
  const budget = Math.min(REPLAY_LOOKUP_MS, started + 4800 - Date.now());
  if (budget <= 0) return null;
  try {
    const order = await withDeadline(getOrder(orderID), budget, 'order replay lookup');
    if (!order || order.clientRef !== uid) return null;
    return { ok: true, orderID, payment: await paymentFor(order, log) };
  } catch {
    return null;
  }
}

/**
 * Places the signed-in user's order: validates `input` (CheckoutInput), prices it from the
 * catalogue, reserves stock and writes the order in one transaction, then starts the payment.
 * Never throws. The same orderID twice returns the first order (stock is taken once).
 * When the Mercado Pago preference cannot be made the order still stands and the result is
 * `{ ok: true, payment: { mode: 'manual', paymentError: true } }`: the confirmation page offers
 * the WhatsApp follow-up and retryPayment. placeOrder never answers 'payment-unavailable'.
 */
export async function placeOrder(input: unknown): Promise<PlaceOrderResult> {
  // One log line per call: order.placed, order.refused (with its reason) or server.error.
  const started = Date.now();
  const log = await startActionLog();
  const progress: Progress = { attempts: 0, writesSent: false };
  let uid: string | undefined;
  let orderId: string | undefined;
  const refused = (reason: string, productKeys?: string) =>
    log.event('order.refused', { uid, orderId, reason, productKeys, attempts: progress.attempts });
  try {
    let session;
    try {
      session = await readSession();
    } catch (error) {
      if (!(error instanceof SessionUnavailableError)) throw error;
      log.error(error, { during: 'read-session' });
      return { ok: false, error: 'temporarily-unavailable' };
    }
    if (session.status !== 'signed-in') {
      refused('unauthenticated');
      return { ok: false, error: 'unauthenticated' };
    }
    const { user } = session;
    uid = user.uid;
    const parsed = checkoutInputSchema.safeParse(input);
    if (!parsed.success) {
      refused('invalid');
      return { ok: false, error: 'invalid', issues: issuesOf(parsed.error) };
    }
    orderId = parsed.data.orderID;
    // Before any Firestore work (invalid input costs nothing and is not counted): 5 orders a
    // minute per account, 20 per address.
    const address = clientAddress({ headers: await headers() });
    // Both shared checks at once: each may wait for Firestore, and the order's time is counted
    // from the start.
    const decisions = await Promise.all([
      rateLimiter('ordersPerAccount').take(user.uid),
      rateLimiter('ordersPerIp').take(address),
    ]);
    const refusal = decisions.find((decision) => !decision.allowed);
    if (refusal && !refusal.allowed) {
      // A shopper sending an order again (as told after 'outcome-unknown') gets it, not a 429.
      const placed = await placedOrderReplay(parsed.data.orderID, user.uid, started, log);
      if (placed) return placed;
      refused('rate-limited');
      return {
        ok: false,
        error: 'rate-limited',
        retryAfterSeconds: refusal.retryAfterSeconds,
      };
    }
    const priced = await priceLines(parsed.data);
    if ('issues' in priced) {
      refused('invalid');
      return { ok: false, error: 'invalid', issues: priced.issues };
    }
    const { lines } = priced;
    // An order that alone passes the fair-stock limits is refused before any Firestore work.
    const alone = holdLimitProblems(
      lines.map(({ product, quantity }) => ({ key: product.key, quantity })),
    );
    if (alone.length > 0) {
      refused('hold-limit');
      return {
        ok: false,
        error: 'hold-limit',
        holdLimits: holdLimitDetails(alone, lines, parsed.data.locale),
      };
    }
    const deadlineMs = Math.min(
      backendDeadlineMs(),
      backendDeadlineMs() + ORDER_ANSWER_SLACK_MS - (Date.now() - started),
    );
    const writeBy = Date.now() + deadlineMs - COMMIT_MARGIN_MS;
    const keys = lines.map(({ product }) => product.key);
    const { orderID, locale } = parsed.data;
    const work = (async (): Promise<Outcome> => {
      // Stock held by expired unpaid orders (this shopper's included) comes back first.
      await expireDueOrdersLazily(Number.POSITIVE_INFINITY);
      // Priced on the server from the stored membership: the request carries no price.
      const pricing = await memberPricingFor(user, lines);
      // The fee and day from the stored table (the strict schema refuses a fee sent along), on
      // what the shopper pays for the products; a member's plan may waive the fee.
      const planned = planDelivery(
        { ...parsed.data, postalCode: parsed.data.address?.postalCode },
        orderTotal(lines.map(({ product, quantity }) => ({ value: product.price, quantity }))) -
          pricing.discount,
        await getDeliveryTable(),
        { freeDelivery: pricing.freeDelivery },
      );
      // A replay of a placed order gets it back even if its day has passed or filled since.
      if (!planned.ok && !(await getOrder(orderID))) return { kind: planned.error };
      const delivery = planned.ok ? planned.plan : { fee: 0, days: [], capacity: null };
      // Sold out or withdrawn: refused on a plain read, without waiting for a transaction; a
      // replay of an order already placed (it may have taken the last units) still gets it back.
      const early = await stockRefusalNow(lines, locale);
      if (early && !(await getOrder(orderID))) return early;
      const units = lines.map(({ product, quantity }) => ({ key: product.key, quantity }));
      const reserve = async (): Promise<Outcome> => {
        const outcome = await reserveAndCreate(
          user,
          parsed.data,
          lines,
          progress,
          writeBy,
          pricing,
          delivery,
        );
        // Committed: what this order saw (./product-turns.ts) lets the orders queued behind it
        // that can no longer be served step out of the queue.
        if (outcome.kind === 'created') {
          for (const { key, stock } of outcome.stockLeft) noteStock(key, stock);
        } else if (outcome.kind === 'out-of-stock') {
          for (const { key, available } of outcome.details) noteStock(key, available);
        }
        return outcome;
      };
      // The units may have gone while this order waited: then it checks outside the queue.
      const recheck = Symbol('recheck');
      const turn = await inProductTurn(keys, writeBy, async () =>
        seenShort(units) ? recheck : reserve(),
      );
      if (turn === null) throw new OrderTooLateError();
      if (turn !== recheck) return turn;
      const late = await stockRefusalNow(lines, locale);
      if (late && !(await getOrder(orderID))) return late;
      // Units came back meanwhile, or this is a replay of a placed order: its turn after all.
      const again = await inProductTurn(keys, writeBy, reserve);
      if (again === null) throw new OrderTooLateError();
      return again;
    })();
    let outcome: Outcome;
    try {
      outcome = await withDeadline(work, deadlineMs, 'order transaction');
    } catch (error) {
      if (!isBackendFault(error)) throw error;
      log.error(error, { during: 'order-transaction', uid, orderId, attempts: progress.attempts });
      if (!(error instanceof DeadlineExceededError)) {
        // Writes sent by an attempt whose commit then failed (an ambiguous gRPC error) may still
        // have been applied: the order may exist.
        if (progress.writesSent) return { ok: false, error: 'outcome-unknown' };
        // This call wrote nothing; an earlier call with the same id may have.
        return (
          (await placedOrderReplay(orderID, user.uid, started, log)) ?? {
            ok: false,
            error: 'temporarily-unavailable',
          }
        );
      }
      // How the abandoned work ends once Firestore answers: rolled back before its writes, or
      // (writes sent just before the stall) the order landed late. A late order gets its e-mails
      // as any other, and the host keeps the function alive for them.
      const { writesSent } = progress;
      keepAliveUntil(
        work.then(
          (late) => {
            if (late.kind === 'created') scheduleOrderPlacedMails(late.order);
            log.event('order.abandoned', { uid, orderId, outcome: late.kind, writesSent }, 'warn');
          },
          (late: unknown) =>
            log.event('order.abandoned', {
              uid,
              orderId,
              outcome: late instanceof OrderTooLateError ? 'rolled-back' : 'failed',
              writesSent,
            }),
        ),
      );
      // Nothing was sent to be written, and nothing will be (reserveAndCreate checks writeBy
      // before its writes): 'nothing was saved' is true of this call (an earlier call with the
      // same id may have placed it). Otherwise the order may exist or appear later: the shopper
      // is told so, and sending again (the cart keeps the order id) answers it.
      if (!writesSent) {
        return (
          (await placedOrderReplay(orderID, user.uid, started, log)) ?? {
            ok: false,
            error: 'temporarily-unavailable',
          }
        );
      }
      return { ok: false, error: 'outcome-unknown' };
    }
    switch (outcome.kind) {
      case 'foreign':
        refused('foreign-order-id');
        // Someone else's order id: say as little as a wrong id would.
        return { ok: false, error: 'invalid', issues: ['orderID: not available'] };
      case 'out-of-stock':
      case 'unavailable':
        refused(outcome.kind, outcome.details.map((detail) => detail.key).join(','));
        return { ok: false, error: outcome.kind, details: outcome.details };
      case 'delivery-outside':
      case 'delivery-date':
      case 'delivery-full':
      case 'delivery-no-days':
        refused(outcome.kind);
        return { ok: false, error: outcome.kind };
      case 'too-many-open':
        refused('too-many-open');
        return { ok: false, error: 'too-many-open', openOrders: outcome.openOrders };
      case 'hold-limit':
        refused('hold-limit');
        return {
          ok: false,
          error: 'hold-limit',
          holdLimits: holdLimitDetails(outcome.problems, lines, locale),
        };
      case 'created':
      case 'existing': {
        const payment = await paymentFor(outcome.order, log);
        // A replay of a placed order (same id, same shopper) is not a new order: no second line.
        if (outcome.kind === 'created') {
          // The shopper's confirmation and the shop's notice, after the response.
          scheduleOrderPlacedMails(outcome.order);
          log.event('order.placed', {
            uid,
            orderId,
            items: outcome.order.orderItems.length,
            payment: payment.mode,
            attempts: progress.attempts,
          });
        }
        return { ok: true, orderID: parsed.data.orderID, payment };
      }
    }
  } catch (error) {
    log.error(error, { during: 'place-order', uid, orderId, attempts: progress.attempts });
    return { ok: false, error: 'server-error' };
  }
}

/**
 * Makes a fresh Mercado Pago preference for the signed-in user's unpaid order (an expired Pix, a
 * failed first attempt). 'not-payable' when the order is paid or cancelled; never throws.
 */
export async function retryOrderPayment(orderID: unknown): Promise<RetryPaymentResult> {
  const log = await startActionLog();
  try {
    const user = await getSessionUser();
    if (!user) return { ok: false, error: 'unauthenticated' };
    if (typeof orderID !== 'string' || !ORDER_ID_PATTERN.test(orderID)) {
      return { ok: false, error: 'invalid', issues: ['orderID: invalid'] };
    }
    const order = await getOrder(orderID);
    if (!order || order.clientRef !== user.uid) {
      return { ok: false, error: 'invalid', issues: ['orderID: not available'] };
    }
    const { status } = order.payment;
    if (isSettled(order) || status === 'approved' || status === 'cancelled') {
      return { ok: false, error: 'not-payable' };
    }
    if (!getMercadoPagoConfig()) return { ok: false, error: 'payment-unavailable' };
    const preference = await createAndStorePreference(
      order,
      Math.max(1, order.paymentAttempts),
      log,
    );
    if (!preference) return { ok: false, error: 'payment-unavailable' };
    return { ok: true, orderID, payment: { mode: 'mercadopago', ...preference } };
  } catch (error) {
    log.error(error, { during: 'retry-payment' });
    return { ok: false, error: 'server-error' };
  }
}

/** What the order page may show for `orderID`, as seen by the current session. */
export type MyPlacedOrder = { signedIn: false } | { signedIn: true; order: PlacedOrder | null };

/**
 * The signed-in user's order `orderID` (any order for an admin; null: unknown id or someone
 * else's), or `signedIn: false` so the page can offer the sign-in. Throws when the session or the
 * order cannot be read within the backend deadline (SessionUnavailableError,
 * DeadlineExceededError, Firestore's error), so a backend fault is never shown as 'signed out'
 * or 'not found'.
 */
export async function getMyPlacedOrder(orderID: string): Promise<MyPlacedOrder> {
  const session = await readSession();
  if (session.status !== 'signed-in') return { signedIn: false };
  const { uid, isAdmin } = session.user;
  const order = await withDeadline(
    getOrderForViewer(orderID, { uid, isAdmin }),
    backendDeadlineMs(),
    'the order page',
  );
  return { signedIn: true, order };
}

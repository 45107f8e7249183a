import 'server-only';

import type { z } from 'zod';

import { DeadlineExceededError, isBackendUnavailable, withDeadline } from '@/lib/deadline';
import { requestHeaders } from '@/lib/http/request-scope';
import { memberPricingFor } from '@/lib/club/checkout';
import { planDelivery } from '@/lib/delivery/plan';
import { currentDeliveryTable } from '@/lib/delivery/repository';
import { noteStockRead } from '@/lib/inventory/stock-shards';
import { startActionLog } from '@/lib/log';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import { takeFirstLine } from '@/lib/rate-limit';
import { receivedAt } from '@/lib/security/http-server-guard';
import { clientAddress } from '@/lib/security/origin';
import { readSession, SessionUnavailableError } from '@/lib/session/session';

import type { HoldLimitDetail, PlaceOrderResult } from './checkout-result';
import { checkoutInputSchema, type ValidCheckoutInput } from './checkout-schema';
import { expireDueOrdersLazily, LAZY_WAIT_MS } from './expiry';
import { normalizeCouponCode } from '@/lib/coupons/rules';

import { orderTotal } from './format';
import { holdLimitProblems, type HoldLimitProblem } from './hold-limits';
import { knownStockRefusal, refuseKnown, shardsToTake } from './known-stock';
import {
  abandoned,
  COMMIT_MARGIN_MS,
  left,
  MIN_ORDER_TIME_MS,
  orderAnswerMs,
  placedAnswer,
  REPLAY_GRACE_MS,
  storedOrder,
} from './order-replies';
import {
  isOrderIdTaken,
  priceLines,
  reserveAndCreate,
  type Outcome,
  type PricedLine,
  type Progress,
} from './order-transaction';
import { whenAdmitted } from './order-admission';
import { inProductTurn } from './product-turns';
import { OrderTooLateError } from './transaction-retries';
import { enterInFlight, IN_FLIGHT_HEADER } from './stock-in-flight';

// Placing an order (POST /api/orders), in the order of what costs least: what this process
// already knows of the stock refuses a sold-out product before anything else; then the session,
// this process's rate-limit buckets, the prices from the catalogue and the fair-stock limits; then
// one Firestore transaction per order (./order-transaction.ts), which also takes the shared
// rate-limit tokens; then the Mercado Pago preference. Every answer comes within orderAnswerMs()
// of the request's arrival, whatever step is slow.

const MAX_ISSUES = 20;

function issuesOf(error: z.ZodError): string[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    // Paths hold schema field names and array indices only, never values the client sent.
    const path = issue.path.map(String).join('.') || '(root)';
    return `${path}: ${issue.message}`.slice(0, 200);
  });
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

/** When the server received the request being handled, or null when nothing says (tests). */
async function requestReceivedAt(): Promise<number | null> {
  try {
    return receivedAt(await requestHeaders());
  } catch {
    return null;
  }
}

/** Firestore could not answer, or the transaction reached its writes too late. */
function isBackendFault(error: unknown): boolean {
  return isBackendUnavailable(error) || error instanceof OrderTooLateError;
}

/**
 * Places the signed-in user's order: validates `input` (CheckoutInput), prices it from the
 * catalogue, reserves stock and writes the order in one transaction, then starts the payment.
 * Never throws; answers within orderAnswerMs() of the request's arrival. The same orderId twice returns the first order
 * (stock is taken once). When the Mercado Pago preference cannot be made (or not in time) the
 * order still stands and the result is `{ ok: true, payment: { mode: 'manual', paymentError:
 * true } }`: the confirmation page offers the WhatsApp follow-up and retryPayment.
 */
export async function placeOrder(input: unknown): Promise<PlaceOrderResult> {
  // One log line per call: order.placed, order.refused (with its reason) or server.error. The
  // time counts from when the server received the request: a busy one may hold it a while.
  const started = (await requestReceivedAt()) ?? Date.now();
  const answerBy = started + orderAnswerMs();
  const log = await startActionLog();
  const progress: Progress = { attempts: 0, writesSent: false };
  let uid: string | undefined;
  let orderId: string | undefined;
  const refused = (reason: string, productKeys?: string) =>
    log.event('order.refused', { uid, orderId, reason, productKeys, attempts: progress.attempts });
  const unavailable = (): PlaceOrderResult => ({ ok: false, error: 'temporarily-unavailable' });
  try {
    const parsed = checkoutInputSchema.safeParse(input);
    if (parsed.success) {
      orderId = parsed.data.orderId;
      const known = await refuseKnown(parsed.data, answerBy, refused);
      if (known) return known;
    }
    // The units already on their way for these products (./stock-in-flight.ts): when they use up
    // the known stock, this order waits for them before anything else, then is told 'Esgotado' or
    // goes on.
    let endInFlight: (() => void) | null = null;
    if (parsed.success && (await requestHeaders()).get(IN_FLIGHT_HEADER) !== null) {
      endInFlight = () => undefined;
    } else if (parsed.success) {
      endInFlight = await enterInFlight(parsed.data.lines, answerBy - MIN_ORDER_TIME_MS);
      if (!endInFlight) {
        const soldOut = await refuseKnown(parsed.data, answerBy, refused);
        if (soldOut) return soldOut;
        // Sold out, yet not refused: a replay of an order placed before, which gets that order.
        const known = await priceLines(parsed.data);
        if ('lines' in known && knownStockRefusal(known.lines, parsed.data.locale)) {
          endInFlight = () => undefined;
        }
      }
    }
    // Worked on a dozen at a time in arrival order (./order-admission.ts). Too little time left
    // (less than the orders finished lately took: the server is busy) is said at once, with
    // nothing done, rather than after the deadline.
    const placeSignedIn = async (): Promise<PlaceOrderResult> => {
      let session;
      try {
        session = await withDeadline(readSession(), left(answerBy), 'readSession');
      } catch (error) {
        if (!(error instanceof SessionUnavailableError || error instanceof DeadlineExceededError)) {
          throw error;
        }
        log.error(error, { during: 'read-session' });
        return unavailable();
      }
      if (session.status !== 'signed-in') {
        refused('unauthenticated');
        return { ok: false, error: 'unauthenticated' };
      }
      const { user } = session;
      uid = user.uid;
      if (!parsed.success) {
        refused('invalid');
        return { ok: false, error: 'invalid', issues: issuesOf(parsed.error) };
      }
      const { orderId, locale } = parsed.data;

      /**
       * A refusal (logged as `reason`, unless null), unless this call only repeats an order
       * already placed: then that order.
       */
      const refuse = async (
        reason: string | null,
        answer: Exclude<PlaceOrderResult, { ok: true }>,
        productKeys?: string,
      ): Promise<PlaceOrderResult> => {
        const stored = await storedOrder(orderId, answerBy + REPLAY_GRACE_MS);
        if (stored !== 'none' && stored !== 'unknown' && stored.clientRef === user.uid) {
          return placedAnswer(stored, answerBy + REPLAY_GRACE_MS, log);
        }
        if (reason) refused(reason, productKeys);
        return answer;
      };

      // This process's buckets first (5 orders a minute per account, 20 per address): a flood is
      // refused without Firestore; the shared buckets are read and taken in the order's transaction.
      const address = clientAddress({ headers: await requestHeaders() });
      const firstLines = [
        takeFirstLine('ordersPerAccount', user.uid),
        takeFirstLine('ordersPerIp', address),
      ];
      const limited = firstLines.find((decision) => !decision.allowed);
      if (limited && !limited.allowed) {
        return refuse('rate-limited', {
          ok: false,
          error: 'rate-limited',
          retryAfterSeconds: limited.retryAfterSeconds,
        });
      }
      const priced = await priceLines(parsed.data);
      if ('issues' in priced) {
        return refuse('invalid', { ok: false, error: 'invalid', issues: priced.issues });
      }
      let { lines } = priced;
      // An order that alone passes the fair-stock limits is refused before any Firestore work.
      const alone = holdLimitProblems(
        lines.map(({ product, quantity }) => ({ key: product.key, quantity })),
      );
      if (alone.length > 0) {
        refused('hold-limit');
        return {
          ok: false,
          error: 'hold-limit',
          holdLimits: holdLimitDetails(alone, lines, locale),
        };
      }

      // A code that cannot be one is refused before any Firestore work.
      const couponCode =
        parsed.data.couponCode === undefined ? null : normalizeCouponCode(parsed.data.couponCode);
      if (parsed.data.couponCode !== undefined && couponCode === null) {
        refused('coupon');
        return { ok: false, error: 'coupon', coupon: { problem: 'unknown', minimum: 0 } };
      }

      const writeBy = answerBy - COMMIT_MARGIN_MS;
      /** The order's transaction, its lines priced at storefront revision `catalogueRevision`. */
      const reserveAt = async (catalogueRevision: number): Promise<Outcome> => {
        // Priced on the server from the stored membership: the request carries no price.
        const pricing = await memberPricingFor(user, lines);
        // The fee and day from the stored table (the strict schema refuses a fee sent along), on
        // what the shopper pays for the products; a member's plan may waive the fee.
        const planned = planDelivery(
          { ...parsed.data, postalCode: parsed.data.address?.postalCode },
          orderTotal(lines.map(({ product, quantity }) => ({ value: product.price, quantity }))) -
            pricing.discount,
          await currentDeliveryTable(),
          { freeDelivery: pricing.freeDelivery },
        );
        if (!planned.ok) return { kind: planned.error };
        const preferredShards = shardsToTake(lines);
        // One order at a time per stock shard in this process (./product-turns.ts); one that the
        // stock ran out for while it waited steps out without a transaction.
        const turn = await inProductTurn(
          lines.map(
            ({ product }) => `${product.key}#${preferredShards.get(product.key)?.[0] ?? 0}`,
          ),
          writeBy,
          async (): Promise<Outcome> =>
            knownStockRefusal(lines, locale) ??
            reserveAndCreate(
              {
                user,
                input: parsed.data,
                lines,
                pricing,
                catalogueRevision,
                delivery: planned.plan,
                limits: firstLines.flatMap((decision) =>
                  decision.allowed && decision.shared ? [decision.shared] : [],
                ),
                preferredShards,
                couponCode,
              },
              progress,
              writeBy,
            ),
        );
        if (turn === null) throw new OrderTooLateError();
        // What this order saw of the stock tells the orders queued behind it at once.
        if (turn.kind === 'created') noteStockRead(turn.takes, true);
        else if (turn.kind === 'out-of-stock' && turn.takes) noteStockRead(turn.takes, false);
        return turn;
      };

      const work = (async (): Promise<Outcome> => {
        // Units held by unpaid orders past their deadline come back (a run at most every 30 s per
        // process, waited for briefly; the open-order cap already ignores such orders).
        await expireDueOrdersLazily(LAZY_WAIT_MS);
        const outcome = await reserveAt(priced.revision);
        if (outcome.kind !== 'catalogue-moved') return outcome;
        // An edit of the catalogue was committed since the pricing: priced again, once.
        const again = await priceLines(parsed.data, { fresh: true });
        if ('issues' in again) {
          // A product of the order left the shop meanwhile (archived).
          return {
            kind: 'unavailable',
            details: lines
              .filter(({ product }) => again.missing.includes(product.key))
              .map(({ product }) => ({
                key: product.key,
                title: product.title[locale],
                available: 0,
              })),
          };
        }
        lines = again.lines;
        return reserveAt(again.revision);
      })();

      let outcome: Outcome;
      try {
        outcome = await withDeadline(work, left(answerBy), 'order transaction');
      } catch (error) {
        // The id is taken: an order of this shopper's placed earlier, settled since (an open one
        // is found in the transaction), or someone else's. Nothing of this call was written.
        if (isOrderIdTaken(error)) {
          const stored = await storedOrder(orderId, answerBy + REPLAY_GRACE_MS);
          if (stored === 'unknown') return unavailable();
          if (stored !== 'none' && stored.clientRef === user.uid) {
            return placedAnswer(stored, answerBy + REPLAY_GRACE_MS, log);
          }
          refused('foreign-order-id');
          // Someone else's order id: say as little as a wrong id would.
          return { ok: false, error: 'invalid', issues: ['orderId: not available'] };
        }
        if (!isBackendFault(error)) throw error;
        log.error(error, {
          during: 'order-transaction',
          uid,
          orderId,
          attempts: progress.attempts,
        });
        return abandoned(error, work, progress, { uid, orderId, log, refuse });
      }

      switch (outcome.kind) {
        case 'out-of-stock':
        case 'unavailable': {
          const keys = outcome.details.map((detail) => detail.key).join(',');
          return refuse(
            outcome.kind,
            { ok: false, error: outcome.kind, details: outcome.details },
            keys,
          );
        }
        case 'delivery-outside':
        case 'delivery-date':
        case 'delivery-full':
        case 'delivery-no-days':
          return refuse(outcome.kind, { ok: false, error: outcome.kind });
        case 'coupon':
          return refuse('coupon', {
            ok: false,
            error: 'coupon',
            coupon: { problem: outcome.problem, minimum: outcome.minimum },
          });
        case 'too-many-open':
          return refuse('too-many-open', {
            ok: false,
            error: 'too-many-open',
            openOrders: outcome.openOrders,
          });
        case 'hold-limit':
          return refuse('hold-limit', {
            ok: false,
            error: 'hold-limit',
            holdLimits: holdLimitDetails(outcome.problems, lines, locale),
          });
        case 'rate-limited':
          return refuse('rate-limited', {
            ok: false,
            error: 'rate-limited',
            retryAfterSeconds: outcome.retryAfterSeconds,
          });
        case 'catalogue-moved':
          // Edited again between the second pricing and its transaction: rare enough to ask again.
          refused('catalogue-moved');
          return unavailable();
        case 'existing':
          // A replay of a placed order (same id, same shopper) is not a new order: no second line.
          return placedAnswer(outcome.order, answerBy, log);
        case 'created': {
          const answer = await placedAnswer(outcome.order, answerBy, log);
          // The shopper's confirmation and the shop's notice, after the response.
          sendQueuedMailSoon();
          log.event('order.placed', {
            uid,
            orderId,
            items: outcome.order.orderItems.length,
            payment: answer.ok ? answer.payment.mode : 'manual',
            attempts: progress.attempts,
          });
          return answer;
        }
      }
    };
    try {
      const admitted =
        parsed.success && !endInFlight
          ? null
          : await whenAdmitted(answerBy, MIN_ORDER_TIME_MS, placeSignedIn);
      if (admitted) return admitted;
      log.event('order.shed', { orderId, waitedMs: Date.now() - started }, 'warn');
      return unavailable();
    } finally {
      endInFlight?.();
    }
  } catch (error) {
    log.error(error, { during: 'place-order', uid, orderId, attempts: progress.attempts });
    // Firestore not answering before the transaction (its sold-out check, say): nothing written.
    return isBackendFault(error) ? unavailable() : { ok: false, error: 'server-error' };
  }
}

import 'server-only';

import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';

import {
  couponAccountsCollection,
  couponsCollection,
  couponUsesCollection,
  getAdminDb,
  ordersCollection,
  runTransaction,
} from '@/lib/firebase/admin';

import type { Coupon } from './rules';

// The coupons (the one repository of `coupons`, `couponUses` and `couponAccounts`). A coupon's
// definition (`coupons/{CODE}`) is only read while orders are placed, so any number of orders
// read it at once without contending. Its uses are counted apart, in USE_SHARDS documents
// (`couponUses/{CODE}.{n}`) that split its total uses between them (`left`): an order takes one
// use from a shard picked at random, reading the others only when that one is used up. So a rush
// on one coupon spreads its writes over the shards instead of queueing every order behind one
// document (docs/SCALING.md), and since each shard's `left` is read and written in the order's
// transaction, no more orders carry it than its total uses. A coupon without a limit counts its
// uses by blind increments (no read, nothing to contend for). An account's uses of a coupon are
// one document per account (`couponAccounts/{CODE}.{uid}`): only that account's orders touch it.

/** The documents a coupon's uses are split over. */
export const USE_SHARDS = 8;

const dayOrNull = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .catch(null);
const countOrNull = z.number().int().positive().nullable().catch(null);

const couponSchema = z.object({
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int().positive(),
  minimum: z.number().int().nonnegative().catch(0),
  validFrom: dayOrNull,
  validUntil: dayOrNull,
  totalUses: countOrNull,
  usesPerAccount: countOrNull,
  firstOrderOnly: z.boolean().catch(false),
  active: z.boolean().catch(false),
});

function reshape(snapshot: DocumentSnapshot): Coupon | null {
  if (!snapshot.exists) return null;
  const parsed = couponSchema.safeParse(snapshot.data());
  return parsed.success ? { code: snapshot.id, ...parsed.data } : null;
}

/** How many shards a coupon with `totalUses` has: one per use up to USE_SHARDS. */
export function shardCount(totalUses: number | null): number {
  return totalUses === null ? USE_SHARDS : Math.max(1, Math.min(USE_SHARDS, totalUses));
}

/** The uses each shard starts with: `totalUses` in nearly equal parts. */
export function allotments(totalUses: number): number[] {
  const count = shardCount(totalUses);
  return Array.from(
    { length: count },
    (_, shard) => Math.floor(totalUses / count) + (shard < totalUses % count ? 1 : 0),
  );
}

const shardRef = (code: string, shard: number) => couponUsesCollection().doc(`${code}.${shard}`);
const accountRef = (code: string, uid: string) => couponAccountsCollection().doc(`${code}.${uid}`);
const whole = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;

/** A coupon and its uses, as the panel lists it. */
export type CouponWithUses = Coupon & { used: number; createdAt: string | null };

/** Every coupon, newest first, with how many orders carry it. */
export async function listCoupons(): Promise<CouponWithUses[]> {
  const [coupons, uses] = await Promise.all([
    couponsCollection().get(),
    couponUsesCollection().get(),
  ]);
  const used = new Map<string, number>();
  for (const doc of uses.docs) {
    const code = doc.id.slice(0, doc.id.lastIndexOf('.'));
    used.set(code, (used.get(code) ?? 0) + whole(doc.get('used')));
  }
  return coupons.docs
    .flatMap((doc) => {
      const coupon = reshape(doc);
      if (!coupon) return [];
      const created = doc.get('createdAt') as unknown;
      return [
        {
          ...coupon,
          used: used.get(coupon.code) ?? 0,
          createdAt: created instanceof Timestamp ? created.toDate().toISOString() : null,
        },
      ];
    })
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** Creates `coupon` with its use shards; false (nothing written) when its code exists. */
export async function createCoupon(coupon: Coupon): Promise<boolean> {
  const { code, ...fields } = coupon;
  try {
    await runTransaction(async (transaction) => {
      transaction.create(couponsCollection().doc(code), {
        ...fields,
        createdAt: FieldValue.serverTimestamp(),
      });
      const parts = coupon.totalUses === null ? null : allotments(coupon.totalUses);
      for (let shard = 0; shard < shardCount(coupon.totalUses); shard += 1) {
        transaction.set(shardRef(code, shard), {
          used: 0,
          ...(parts ? { left: parts[shard] } : {}),
        });
      }
    });
    return true;
  } catch (error) {
    // ALREADY_EXISTS: the code is taken.
    if ((error as { code?: unknown }).code === 6) return false;
    throw error;
  }
}

/** Turns a coupon on or off; false when there is no such coupon. */
export async function setCouponActive(code: string, active: boolean): Promise<boolean> {
  try {
    await couponsCollection().doc(code).update({ active });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 5) return false;
    throw error;
  }
}

/** What the checkout's check of a code needs: the coupon and its uses left (null: no limit). */
export async function readCouponForCheck(
  code: string,
  uid: string | null,
): Promise<{ coupon: Coupon | null; usesLeft: number | null; accountUses: number }> {
  const coupon = reshape(await couponsCollection().doc(code).get());
  if (!coupon) return { coupon: null, usesLeft: null, accountUses: 0 };
  const refs = Array.from({ length: shardCount(coupon.totalUses) }, (_, n) => shardRef(code, n));
  const [shards, account] = await Promise.all([
    coupon.totalUses === null ? Promise.resolve([]) : getAdminDb().getAll(...refs),
    uid ? accountRef(code, uid).get() : Promise.resolve(null),
  ]);
  return {
    coupon,
    usesLeft:
      coupon.totalUses === null
        ? null
        : shards.reduce((sum, doc) => sum + whole(doc.get('left')), 0),
    accountUses: whole(account?.get('uses')),
  };
}

/** Whether `uid` placed an order before that was not cancelled (a coupon's 'first order'). */
export async function hasOrdered(uid: string, transaction?: Transaction): Promise<boolean> {
  const query = ordersCollection().where('clientRef', '==', uid).limit(20);
  const snapshot = transaction ? await transaction.get(query) : await query.get();
  return snapshot.docs.some((doc) => doc.get('status.cancelled') !== true);
}

/** A coupon's use decided in an order's transaction. */
export type CouponTake = {
  coupon: Coupon | null;
  /** Uses left in the shard taken from (or in all, when every shard was read); null: no limit. */
  usesLeft: number | null;
  accountUses: number;
  hasOrdered: boolean;
  /** The use shard the use is taken from (stored on the order, so a cancel returns it there). */
  shard: number | null;
  /** Writes the use (call only when the order is created). */
  take: (transaction: Transaction) => void;
};

/**
 * Inside an order's transaction: the references to read with the order's other documents (the
 * coupon, the account's uses, one use shard at random), and `finish`, which reads what else is
 * needed (the other shards when that one is used up; the account's orders for a first-order
 * coupon) and returns the use to decide on.
 */
export function couponTakeReads(
  code: string,
  uid: string,
): {
  refs: DocumentReference[];
  finish: (transaction: Transaction, documents: DocumentSnapshot[]) => Promise<CouponTake>;
} {
  const first = Math.floor(Math.random() * USE_SHARDS);
  return {
    refs: [couponsCollection().doc(code), accountRef(code, uid), shardRef(code, first)],
    async finish(transaction, [couponDoc, accountDoc, shardDoc]) {
      const coupon = couponDoc ? reshape(couponDoc) : null;
      const accountUses = whole(accountDoc?.get('uses'));
      const none: CouponTake = {
        coupon,
        usesLeft: 0,
        accountUses,
        hasOrdered: false,
        shard: null,
        take: () => undefined,
      };
      if (!coupon) return none;
      const ordered = coupon.firstOrderOnly ? await hasOrdered(uid, transaction) : false;
      const count = shardCount(coupon.totalUses);
      const takeFrom = (shard: number, transaction: Transaction) => {
        transaction.set(
          shardRef(code, shard),
          {
            used: FieldValue.increment(1),
            ...(coupon.totalUses === null ? {} : { left: FieldValue.increment(-1) }),
          },
          { merge: true },
        );
        transaction.set(
          accountRef(code, uid),
          { uses: FieldValue.increment(1), uid, code },
          { merge: true },
        );
      };
      if (coupon.totalUses === null) {
        const shard = first % count;
        return {
          coupon,
          usesLeft: null,
          accountUses,
          hasOrdered: ordered,
          shard,
          take: (t) => takeFrom(shard, t),
        };
      }
      // The shard picked first, when this coupon has it; else every shard, the first with a use.
      let shard = first < count && whole(shardDoc?.get('left')) > 0 ? first : -1;
      if (shard < 0) {
        const others = Array.from({ length: count }, (_, n) => n).filter((n) => n !== first);
        const docs = others.length
          ? await transaction.getAll(...others.map((n) => shardRef(code, n)))
          : [];
        const found = docs.findIndex((doc) => whole(doc.get('left')) > 0);
        shard = found < 0 ? -1 : others[found]!;
      }
      if (shard < 0) return { ...none, hasOrdered: ordered };
      return {
        coupon,
        usesLeft: 1,
        accountUses,
        hasOrdered: ordered,
        shard,
        take: (t) => takeFrom(shard, t),
      };
    },
  };
}

/**
 * Inside the transaction that cancels an order carrying coupon `code` for account `uid`, before
 * any of its writes: gives its use back. The use goes to the shard it was taken from (`shard`,
 * stored on the order), so no shard's `used` goes below zero and the panel's sum stays the count
 * of orders that stand; an order stored without one returns it to a shard that has a use to give
 * back. A limited coupon's shard gets its use back in `left` too. The account's uses go down by
 * one, so it may apply the coupon again (and a first-order coupon: hasOrdered skips cancelled
 * orders). The coupon's own state is not read: one since expired or turned off still counts
 * true, and simply cannot be applied. The caller makes it once per order (its cancel is final).
 */
export async function returnCouponUse(
  transaction: Transaction,
  use: { code: string; uid: string; shard: number | null },
): Promise<void> {
  const { code, uid, shard } = use;
  const all = Array.from({ length: USE_SHARDS }, (_, n) => n);
  const stored = shard !== null && Number.isInteger(shard) && shard >= 0 && shard < USE_SHARDS;
  let candidates = stored ? [shard] : all;
  const [account, ...firstShards] = await transaction.getAll(
    accountRef(code, uid),
    ...candidates.map((n) => shardRef(code, n)),
  );
  let shards = firstShards;
  let found = shards.findIndex((doc) => whole(doc.get('used')) > 0);
  if (found < 0 && stored) {
    // The stored shard has no use to give back (its counts were changed by hand): another does.
    candidates = all.filter((n) => n !== shard);
    shards = await transaction.getAll(...candidates.map((n) => shardRef(code, n)));
    found = shards.findIndex((doc) => whole(doc.get('used')) > 0);
  }
  if (found >= 0) {
    const limited = typeof shards[found]!.get('left') === 'number';
    transaction.update(shardRef(code, candidates[found]!), {
      used: FieldValue.increment(-1),
      ...(limited ? { left: FieldValue.increment(1) } : {}),
    });
  }
  if (whole(account?.get('uses')) > 0) {
    transaction.update(accountRef(code, uid), { uses: FieldValue.increment(-1) });
  }
}

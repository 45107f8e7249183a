import 'server-only';

import {
  applicationDefault,
  cert,
  getApp,
  getApps,
  initializeApp,
  type App,
} from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import {
  getFirestore,
  type CollectionReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';

import { getEnv } from '@/lib/env';

import { ADMIN_APP_NAME } from './app-name';

/** The firebase-admin app, created once per process (and kept across dev hot reloads). */
export function getAdminApp(): App {
  if (getApps().some((app) => app.name === ADMIN_APP_NAME)) return getApp(ADMIN_APP_NAME);
  const { firebase } = getEnv();
  if (firebase.mode === 'local') {
    // firebase-admin finds the emulators itself through FIRESTORE_EMULATOR_HOST and
    // FIREBASE_AUTH_EMULATOR_HOST, which getEnv() has validated.
    return initializeApp({ projectId: firebase.projectId }, ADMIN_APP_NAME);
  }
  const { serviceAccount } = firebase;
  return initializeApp(
    {
      // No key: the platform's Application Default Credentials (App Hosting, Cloud Run, a VM on
      // Google Cloud), as lib/env.ts decided. The project id is still given, so the app talks to
      // the project the browser signs in to, whatever project the runtime belongs to.
      credential: serviceAccount
        ? cert({
            projectId: serviceAccount.projectId,
            clientEmail: serviceAccount.clientEmail,
            privateKey: serviceAccount.privateKey,
          })
        : applicationDefault(),
      projectId: firebase.projectId,
    },
    ADMIN_APP_NAME,
  );
}

export function getAdminAuth(): Auth {
  return getAuth(getAdminApp());
}

export function getAdminDb(): Firestore {
  // The Firestore client opens an OpenTelemetry span per call unless told not to, and Next's
  // tracer wraps each one; nothing here collects them. An operator's own setting wins.
  process.env.FIRESTORE_ENABLE_TRACING ??= 'off';
  return getFirestore(getAdminApp());
}

/**
 * Runs `work` as one Firestore transaction. Use-cases that change several collections at once
 * (an order and its stock) open it here and hand it to each repository.
 */
export function runTransaction<T>(
  work: (transaction: Transaction) => Promise<T>,
  options?: { maxAttempts?: number },
): Promise<T> {
  return getAdminDb().runTransaction(work, options);
}

/** Firestore path of this shop's data: `projects/{SHOP_ID}`. */
export function shopPath(): string {
  return `projects/${getEnv().shopId}`;
}

export function usersCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/users`);
}

export function ordersCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/orders`);
}

export function inventoryCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/inventory`);
}

/** The catalogue, one document per product key (lib/catalogue/repository.ts). */
export function productsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/products`);
}

/** Who changed what in the catalogue, one document per change (lib/catalogue/repository.ts). */
export function catalogueChangesCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/catalogueChanges`);
}

/** The further stock documents of a product with a large stock (lib/inventory/stock-shards.ts). */
export function inventoryShardsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/inventoryShards`);
}

/** Shared rate-limit buckets, one per (limit, key) (lib/rate-limit/repository.ts). */
export function rateLimitBucketsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/rateLimitBuckets`);
}

/** The Pix payment made for each order, by order id (lib/payments/repository.ts). */
export function pixPaymentsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/pixPayments`);
}

/** Club memberships, one per user (lib/club/repository.ts). */
export function membershipsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/memberships`);
}

/** Mercado Pago notifications handled or being handled (lib/payments/repository.ts). */
export function webhookNotificationsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/webhookNotifications`);
}

/** The payment attempt in flight or last made for each order, by order id (lib/payments/attempts.ts). */
export function paymentAttemptsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/paymentAttempts`);
}

/** Refunds owed for payments that arrived after their order was cancelled (lib/payments/refunds.ts). */
export function refundsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/refunds`);
}

/** Every e-mail the shop sends, written with the change that causes it (lib/mail/repository.ts). */
export function mailCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/mail`);
}

/** Coupons by code (lib/coupons/repository.ts). */
export function couponsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/coupons`);
}

/** Each coupon's uses, split over a few documents (lib/coupons/repository.ts). */
export function couponUsesCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/couponUses`);
}

/** Each account's uses of a coupon (lib/coupons/repository.ts). */
export function couponAccountsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/couponAccounts`);
}

/** 'Avise-me quando chegar': who waits for which product (lib/restock/repository.ts). */
export function restockAlertsCollection(): CollectionReference {
  return getAdminDb().collection(`${shopPath()}/restockAlerts`);
}

import 'server-only';

import { createHash, randomBytes } from 'node:crypto';

import { FieldValue } from 'firebase-admin/firestore';

import { getProductRecord } from '@/lib/catalogue/repository';
import { getEnv } from '@/lib/env';
import { restockAlertsCollection, runTransaction } from '@/lib/firebase/admin';
import type { AppLocale } from '@/lib/i18n/locales';
import { queueMessages } from '@/lib/mail/queue';

import { restockMail } from './mail';

// 'Avise-me quando chegar' (the one repository of `restockAlerts`): one document per product and
// e-mail address, 'waiting' from the sign-up until the product's stock comes back, then 'sent'
// in the same transaction that queues its one e-mail in the outbox (lib/mail), so a second
// restock finds nobody waiting and sends nothing, and a crash loses or doubles none. A new
// sign-up makes it 'waiting' again. The unsubscribe link's token ends every alert of the address.

export type RestockState = 'waiting' | 'sent' | 'unsubscribed';

function alertId(productKey: string, email: string): string {
  const hash = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);
  return `${productKey}.${hash}`;
}

/**
 * Signs `email` up for `productKey`'s return, with the consent given now; the same address for
 * the same product is one alert, waiting again after it was sent or unsubscribed.
 */
export async function signUpForRestock(alert: {
  productKey: string;
  email: string;
  locale: AppLocale;
  uid: string | null;
}): Promise<void> {
  const ref = restockAlertsCollection().doc(alertId(alert.productKey, alert.email));
  await runTransaction(async (transaction) => {
    const existing = await transaction.get(ref);
    const token = (existing.get('token') as string | undefined) ?? randomBytes(18).toString('hex');
    transaction.set(ref, {
      productKey: alert.productKey,
      email: alert.email,
      emailLower: alert.email.toLowerCase(),
      locale: alert.locale,
      uid: alert.uid,
      state: 'waiting' satisfies RestockState,
      consentAt: FieldValue.serverTimestamp(),
      token,
      sentAt: null,
    });
  });
}

/** How many wait for each product (keys without anyone waiting are absent). */
export async function waitingCounts(): Promise<Map<string, number>> {
  const snapshot = await restockAlertsCollection()
    .where('state', '==', 'waiting' satisfies RestockState)
    .get();
  const counts = new Map<string, number>();
  for (const doc of snapshot.docs) {
    const key = doc.get('productKey') as string;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * The product is back: in one transaction, every alert waiting for it becomes 'sent' and its
 * e-mail is queued in the outbox. Returns how many were queued.
 */
export async function notifyRestocked(productKey: string): Promise<number> {
  const waiting = restockAlertsCollection()
    .where('productKey', '==', productKey)
    .where('state', '==', 'waiting' satisfies RestockState);
  // Without e-mail set up nothing could be sent: everyone keeps waiting.
  if (getEnv().mail === null) return 0;
  const product = await getProductRecord(productKey);
  return runTransaction(async (transaction) => {
    const snapshot = await transaction.get(waiting);
    if (snapshot.empty) return 0;
    const alerts = snapshot.docs.map((doc) => ({
      productKey,
      email: doc.get('email') as string,
      locale: (doc.get('locale') === 'en' ? 'en' : 'pt-BR') as AppLocale,
      token: doc.get('token') as string,
    }));
    queueMessages(transaction, () => alerts.map((alert) => restockMail(alert, product)));
    for (const doc of snapshot.docs) {
      transaction.update(doc.ref, {
        state: 'sent' satisfies RestockState,
        sentAt: FieldValue.serverTimestamp(),
      });
    }
    return alerts.length;
  });
}

/** Ends every alert of the address whose link carries `token`; false when the token is unknown. */
export async function unsubscribeRestock(token: string): Promise<boolean> {
  const found = await restockAlertsCollection().where('token', '==', token).limit(1).get();
  const emailLower = found.docs[0]?.get('emailLower') as string | undefined;
  if (!emailLower) return false;
  const all = await restockAlertsCollection().where('emailLower', '==', emailLower).get();
  const batch = restockAlertsCollection().firestore.batch();
  for (const doc of all.docs) {
    batch.update(doc.ref, { state: 'unsubscribed' satisfies RestockState });
  }
  await batch.commit();
  return true;
}

// The panel home's e-mails against a private local Firebase, on a fake clock (each call is given
// its time): the morning summary goes once per São Paulo day from 08:00, however often the cron
// runs, and not when switched off; the low-stock notice once per fall to 3 units, again only
// after a restock above 3.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { setUpFileFirebase } from '@/test/local-firebase-env';

jest.setTimeout(90_000);

const ROOT = 'projects/chocolate-shop';
// The local outbox (lib/env.ts): the shop's e-mails are queued in the mail collection.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-mails-'));
process.env.LOCAL_FIREBASE_DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

let morning: typeof import('./morning-mail');
let lowStock: typeof import('./low-stock');
let settings: typeof import('./settings');

beforeAll(async () => {
  morning = await import('./morning-mail');
  lowStock = await import('./low-stock');
  settings = await import('./settings');
});

async function mailsOfKind(kind: string) {
  const snapshot = await firebase.db.collection(`${ROOT}/mail`).where('kind', '==', kind).get();
  return snapshot.docs.map((doc) => doc.data() as { subject: string; text: string; to: string });
}

/** São Paulo is UTC-3 all year: 08:00 there is 11:00 UTC. */
const saoPaulo = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);

describe('the morning summary', () => {
  it('is sent once per day from 08:00 São Paulo, however often the cron runs', async () => {
    expect(await morning.queueMorningSummary(saoPaulo('2026-03-30', '07:59'))).toBe('not-due');
    expect(await mailsOfKind('shop-morning-summary')).toHaveLength(0);

    // Two instances' cron runs at once, then later ones the same day.
    const first = await Promise.all([
      morning.queueMorningSummary(saoPaulo('2026-03-30', '08:00')),
      morning.queueMorningSummary(saoPaulo('2026-03-30', '08:00')),
    ]);
    expect(first.sort()).toEqual(['already-sent', 'queued']);
    expect(await morning.queueMorningSummary(saoPaulo('2026-03-30', '08:05'))).toBe('already-sent');
    expect(await morning.queueMorningSummary(saoPaulo('2026-03-30', '23:59'))).toBe('already-sent');
    const sent = await mailsOfKind('shop-morning-summary');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Resumo da manhã');
    expect(sent[0]!.text).toContain('/pt-BR/control-panel');

    // A new São Paulo day: due again from 08:00.
    expect(await morning.queueMorningSummary(saoPaulo('2026-03-31', '00:30'))).toBe('not-due');
    expect(await morning.queueMorningSummary(saoPaulo('2026-03-31', '09:10'))).toBe('queued');
    expect(await mailsOfKind('shop-morning-summary')).toHaveLength(2);
  });

  it('is not sent when the shop switched it off', async () => {
    await settings.saveDashboardSettings({ morningEmail: false, lowStockEmail: true });
    expect(await morning.queueMorningSummary(saoPaulo('2026-04-01', '08:30'))).toBe('off');
    await settings.saveDashboardSettings({ morningEmail: true, lowStockEmail: true });
    expect(await morning.queueMorningSummary(saoPaulo('2026-04-01', '08:35'))).toBe('queued');
  });
});

describe('the low-stock notice', () => {
  const setStock = (key: string, stock: number) =>
    firebase.db.doc(`${ROOT}/inventory/${key}`).set({ stock }, { merge: true });

  it('is sent once per fall to 3 units, and again only after a restock above 3', async () => {
    // Whatever the seed left low is told first, so the steps below start from a quiet state.
    await lowStock.queueLowStockMail();
    const before = (await mailsOfKind('shop-low-stock')).length;

    await setStock('ovo-pistache', 4);
    expect(await lowStock.queueLowStockMail()).toEqual([]);
    await setStock('ovo-pistache', 3);
    const runs = await Promise.all([lowStock.queueLowStockMail(), lowStock.queueLowStockMail()]);
    expect(runs.flat()).toEqual(['ovo-pistache']);
    await setStock('ovo-pistache', 0);
    expect(await lowStock.queueLowStockMail()).toEqual([]);
    let sent = await mailsOfKind('shop-low-stock');
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.text).toContain('Ovo Pistache');

    // Restocked above the threshold, then down again: a new crossing.
    await setStock('ovo-pistache', 20);
    expect(await lowStock.queueLowStockMail()).toEqual([]);
    await setStock('ovo-pistache', 2);
    expect(await lowStock.queueLowStockMail()).toEqual(['ovo-pistache']);
    sent = await mailsOfKind('shop-low-stock');
    expect(sent).toHaveLength(before + 2);

    // Switched off: a crossing is not told.
    await settings.saveDashboardSettings({ morningEmail: true, lowStockEmail: false });
    await setStock('ovo-pistache', 20);
    await setStock('mini-ovo', 1);
    expect(await lowStock.queueLowStockMail()).toEqual([]);
    expect(await mailsOfKind('shop-low-stock')).toHaveLength(before + 2);
  });
});

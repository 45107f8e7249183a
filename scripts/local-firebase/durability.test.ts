// Crash tests of the local Firebase (scripts/local-firebase): what the stack acknowledged must
// survive kill -9 of the stack, and an Auth emulator crash must be survived without a restart of
// the stack or of the sessions signed before it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { FieldValue } from 'firebase-admin/firestore';

import { signInWithPassword } from '@/test/auth-emulator';
import {
  adminClients,
  freePorts,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

// Stack starts on a loaded 2-core machine take up to ~30 s each; this file starts three.
jest.setTimeout(240_000);

const SHOP = 'projects/chocolate-shop';
const ORDERS = 20;

let dataDir: string;
let stack: TestFirebase | undefined;
let clients: AdminClients | undefined;

afterAll(async () => {
  await clients?.close();
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Places an order the way lib/orders does: the order and the stock it takes, in one commit. */
async function placeOrder(db: AdminClients['db'], orderID: string, uid: string) {
  const stockRef = db.doc(`${SHOP}/inventory/ovo-pistache`);
  await db.runTransaction(async (tx) => {
    const stock = (await tx.get(stockRef)).get('stock') as number;
    if (stock < 1) throw new Error('out of stock');
    tx.update(stockRef, { stock: FieldValue.increment(-1) });
    tx.create(db.doc(`${SHOP}/orders/${orderID}`), {
      clientRef: uid,
      items: [{ key: 'ovo-pistache', quantity: 1 }],
      status: 'Pedido Realizado',
    });
  });
}

function tempFilesIn(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    /\.tmp-\d+$/.test(name),
  );
}

async function signUp(authHost: string, email: string, password: string) {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { localId: string }).localId;
}

describe('local Firebase durability', () => {
  it('keeps orders, stock and an account acknowledged 50 ms before kill -9 of the stack', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-firebase-crash-'));
    const ports = await freePorts();
    stack = await startTestFirebase({ dataDir, ports, timeoutMs: 90_000 });
    clients = adminClients(stack);
    await clients.db.doc(`${SHOP}/inventory/ovo-pistache`).set({ stock: 100 });

    const uid = await signUp(stack.authHost, 'crash@chocolates.local', 'crash-password-1');
    // A burst of concurrent orders, as the e2e suite and real shoppers make them.
    const ids = Array.from({ length: ORDERS }, (_, i) => `CRASH${String(i).padStart(4, '0')}`);
    await Promise.all(ids.map((id) => placeOrder(clients!.db, id, uid)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stack.kill();
    await clients.close();

    stack = await startTestFirebase({ dataDir, ports, timeoutMs: 90_000 });
    clients = adminClients(stack);
    const db = clients.db;
    const stored = await db.getAll(...ids.map((id) => db.doc(`${SHOP}/orders/${id}`)));
    expect(stored.filter((doc) => doc.exists)).toHaveLength(ORDERS);
    expect((await db.doc(`${SHOP}/inventory/ovo-pistache`).get()).get('stock')).toBe(100 - ORDERS);
    // The seed was not run again over the surviving data.
    expect(stack.output()).not.toMatch(/seeded projects/);
    const signIn = await signInWithPassword(
      stack.authHost,
      'crash@chocolates.local',
      'crash-password-1',
    );
    expect(signIn.localId).toBe(uid);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('restarts a crashed Auth emulator on the same port, keeping accounts and sessions', async () => {
    if (!stack || !clients) throw new Error('needs the stack of the previous test');
    const { auth } = clients;
    const { idToken } = await signInWithPassword(
      stack.authHost,
      'cliente@chocolates.local',
      'cliente-chocolate-123',
    );
    const cookie = await auth.createSessionCookie(idToken, { expiresIn: 60 * 60 * 1000 });
    expect((await auth.verifySessionCookie(cookie, true)).uid).toBe('seed-shopper');

    const pid = stack.authEmulatorPid;
    expect(pid).toEqual(expect.any(Number));
    process.kill(-pid!, 'SIGKILL');

    // Requests made during the restart wait for it behind the same port.
    const verified = await auth.verifySessionCookie(cookie, true);
    expect(verified.uid).toBe('seed-shopper');
    expect(stack.running()).toBe(true);
    expect(stack.output()).toMatch(/Auth emulator stopped unexpectedly .*restarting it/);
    expect(stack.output()).toMatch(/Auth emulator restarted/);
    const again = await signInWithPassword(
      stack.authHost,
      'crash@chocolates.local',
      'crash-password-1',
    );
    expect(again.localId).toEqual(expect.any(String));
  });
});

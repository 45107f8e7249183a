// Crash tests of the local Firebase (scripts/local-firebase): what the stack acknowledged must
// survive kill -9 of the stack, and an Auth emulator crash must be survived without a restart of
// the stack or of the sessions signed before it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { signInWithPassword } from '@/test/auth-emulator';
import {
  adminClients,
  startTestFirebase,
  type AdminClients,
  type TestFirebase,
} from '@/test/local-firebase-env';

// Stack starts take ~6 s, but up to a minute on a loaded 2-core machine; this file starts two.
jest.setTimeout(480_000);

const SHOP = 'projects/chocolate-shop';
const BURST_SCRIPT = path.join(__dirname, '..', '..', 'test', 'order-burst.mjs');
const ORDERS = 30;
const KILL_AFTER = 10;

let dataDir: string;
let stack: TestFirebase | undefined;
let clients: AdminClients | undefined;

afterAll(async () => {
  await clients?.close().catch(() => {});
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The local Firestore's files as they are on disk now. */
function savedData(dir: string): string {
  return ['firestore.json', 'firestore-journal.jsonl']
    .map((name) =>
      fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), 'utf8') : '',
    )
    .join('\n');
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
    // Free ports of the stack's own choosing (it chooses again if a parallel worker takes one);
    // the restart below reuses them, as a real restart would.
    stack = await startTestFirebase({ dataDir, timeoutMs: 150_000 });
    const { ports } = stack;
    clients = adminClients(stack);
    await clients.db.doc(`${SHOP}/inventory/ovo-pistache`).set({ stock: 100 });
    const uid = await signUp(stack.authHost, 'crash@chocolates.local', 'crash-password-1');

    // A burst of concurrent orders, as shoppers (and the e2e suite) make them, from another
    // process; the stack is killed 50 ms after the KILL_AFTER-th acknowledgement, while the
    // others are in flight (they fail: their shoppers are never told they succeeded).
    const burst = spawn(
      process.execPath,
      [BURST_SCRIPT, stack.projectId, SHOP, 'ovo-pistache', uid, String(ORDERS), 'CRASH'],
      { env: { ...process.env, ...stack.env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const acknowledged: string[] = [];
    const unsaved: string[] = [];
    const crashing = stack;
    await new Promise<void>((resolve, reject) => {
      let buffered = '';
      burst.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const id = line.replace(/^ACK /, '');
          acknowledged.push(id);
          // Written to disk before it was acknowledged, not some time after.
          if (!savedData(dataDir).includes(`/orders/${id}"`)) unsaved.push(id);
          if (acknowledged.length === KILL_AFTER) {
            setTimeout(() => {
              crashing.kill().then(() => {
                burst.kill('SIGKILL');
                resolve();
              }, reject);
            }, 50);
          }
        }
      });
      burst.on('exit', () => {
        if (acknowledged.length < KILL_AFTER) reject(new Error('the burst ended before the kill'));
      });
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(unsaved).toEqual([]);
    await clients.close();

    stack = await startTestFirebase({ dataDir, ports, timeoutMs: 150_000 });
    clients = adminClients(stack);
    const db = clients.db;
    const ids = Array.from({ length: ORDERS }, (_, i) => `CRASH${String(i).padStart(4, '0')}`);
    const stored = await db.getAll(...ids.map((id) => db.doc(`${SHOP}/orders/${id}`)));
    const present = stored.filter((doc) => doc.exists).map((doc) => doc.id);
    expect(present).toEqual(expect.arrayContaining(acknowledged));
    // Each order and the stock it took were one commit: both survived or neither did.
    expect((await db.doc(`${SHOP}/inventory/ovo-pistache`).get()).get('stock')).toBe(
      100 - present.length,
    );
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

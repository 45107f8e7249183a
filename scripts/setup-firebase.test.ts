// `npm run setup:firebase` (scripts/setup-firebase.mjs) on the local Firebase with a project id
// that is not the demo one, as it would run on a real project (rules and indexes skipped: the
// emulators have no deploy; the dry run prints that command): the first run creates the admin
// and seeds the stock, the second changes nothing; stock set meanwhile is kept; a demo project
// id is refused.
import { execFile } from 'node:child_process';
import path from 'node:path';

import { adminClients, startTestFirebase, type TestFirebase } from '@/test/local-firebase-env';

const ROOT = path.join(__dirname, '..');
const PROJECT = 'chocolates-setup-test';
// A shop of its own: the local Firebase's seed fills the default one.
const SHOP = 'setup-test-shop';
const EMAIL = 'dona@chocolates.example';

let stack: TestFirebase;

beforeAll(async () => {
  stack = await startTestFirebase({ timeoutMs: 90_000 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

function setup(args: string[], env: Record<string, string> = stack.env) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/setup-firebase.mjs', ...args],
      { cwd: ROOT, env: { NODE_ENV: 'test', PATH: process.env.PATH, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const ARGS = ['--project', PROJECT, '--admin-email', EMAIL, '--shop-id', SHOP, '--skip-deploy'];

test('first run creates the admin and seeds every product; a second run changes nothing', async () => {
  const first = await setup(ARGS);
  expect(first.output).toMatch(/Auth user created, document created/);
  expect(first.output).toMatch(/stock: 17 created/);
  expect(first.code).toBe(0);

  const clients = adminClients({ ...stack, projectId: PROJECT });
  try {
    const user = await clients.auth.getUserByEmail(EMAIL);
    const record = (await clients.db.doc(`projects/${SHOP}/users/${user.uid}`).get()).data();
    expect(record).toMatchObject({ isAdmin: true, email: EMAIL, authUID: user.uid });
    const inventory = await clients.db.collection(`projects/${SHOP}/inventory`).get();
    expect(inventory.size).toBe(17);
    expect(inventory.docs.every((doc) => doc.get('stock') === 10)).toBe(true);

    // The owner sets a product's stock in the panel; the next run keeps it.
    await clients.db.doc(`projects/${SHOP}/inventory/mini-ovo`).set({ stock: 3 });
    const second = await setup(ARGS);
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/Auth user existing, document unchanged/);
    expect(second.output).toMatch(/stock: 0 created \(none\), 17 already set/);
    expect((await clients.db.doc(`projects/${SHOP}/inventory/mini-ovo`).get()).get('stock')).toBe(
      3,
    );

    // An existing user who is not an admin is promoted.
    await clients.db.doc(`projects/${SHOP}/users/${user.uid}`).update({ isAdmin: false });
    expect((await setup(ARGS)).output).toMatch(/document promoted/);
  } finally {
    await clients.close();
  }
}, 120_000);

test('the demo project id is refused; the dry run prints the deploy command and every write, and makes none', async () => {
  const demo = await setup(['--project', 'demo-chocolate-shop', '--admin-email', EMAIL]);
  expect(demo.code).toBe(1);
  expect(demo.output).toMatch(/demo-chocolate-shop is the local demo project/);

  const dry = await setup([
    '--project',
    PROJECT,
    '--admin-email',
    'x@example.com',
    '--shop-id',
    'dry',
    '--dry-run',
  ]);
  expect(dry.code).toBe(0);
  expect(dry.output).toMatch(
    /would run: \S+firebase deploy --only firestore:rules,firestore:indexes,storage --project chocolates-setup-test --non-interactive/,
  );
  expect(dry.output.match(/would create if absent: projects\/dry\/inventory\//g)).toHaveLength(17);
  const clients = adminClients({ ...stack, projectId: PROJECT });
  try {
    expect((await clients.db.collection('projects/dry/inventory').get()).size).toBe(0);
  } finally {
    await clients.close();
  }
}, 60_000);

test('the dry run says which credentials it found, and that none were found when so', async () => {
  const noHome = { HOME: '/nonexistent-home', CLOUDSDK_CONFIG: '/nonexistent-gcloud' };
  const none = await setup([...ARGS, '--dry-run'], noHome);
  expect(none.output).toMatch(
    /credentials: none found: set FIREBASE_SERVICE_ACCOUNT to a key, or run `gcloud auth application-default login`/,
  );
  expect(none.output).toMatch(/would create if absent: projects\/setup-test-shop\/inventory\//);
  expect(none.output).toMatch(/a real run would stop: no usable credentials/);
  expect(none.code).toBe(1);

  const broken = await setup(ARGS, { ...noHome, FIREBASE_SERVICE_ACCOUNT: '{"type":"x"}' });
  expect(broken.output).toMatch(/FIREBASE_SERVICE_ACCOUNT is set but is not a service account/);
  expect(broken.output).not.toMatch(/Auth user|stock:/);
  expect(broken.code).toBe(1);

  const keyFile = path.join(ROOT, 'package.json');
  const adc = await setup([...ARGS, '--dry-run'], {
    ...noHome,
    GOOGLE_APPLICATION_CREDENTIALS: keyFile,
  });
  expect(adc.output).toMatch(`credentials: Application Default Credentials (${keyFile})`);
  expect(adc.code).toBe(0);
  expect((await setup([...ARGS, '--dry-run'])).output).toMatch(
    /credentials: none needed \(emulators at/,
  );
}, 60_000);

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

import { ADMIN_APP_NAME } from '../lib/firebase/app-name';

import { sharedAuthRunning, startSharedAuth } from './shared-auth';

const START_SCRIPT = path.join(__dirname, '..', 'scripts', 'local-firebase', 'start.mjs');
/** The indexes a real project has: the tests' stack refuses a query needing any other. */
export const INDEX_FILE = path.join(__dirname, '..', 'firestore.indexes.json');

export type TestFirebasePorts = {
  auth: number;
  firestore: number;
  hub: number;
  logging: number;
};

export type TestFirebase = {
  authHost: string;
  firestoreHost: string;
  /** The pictures' stand-in (scripts/local-firebase/storage.mjs). */
  storageHost: string;
  projectId: string;
  dataDir: string;
  ports: TestFirebasePorts;
  /** Variables that point firebase-admin and lib/env.ts at this stack. */
  env: Record<string, string>;
  /** Everything the stack printed (for diagnosing failures). */
  output: () => string;
  /** Process group of the Auth emulator as started (for crash tests). */
  authEmulatorPid: number | null;
  /** Stops the stack (saving its data); removes a temporary dataDir unless keepDataDir. */
  stop: (options?: { keepDataDir?: boolean }) => Promise<void>;
  /** kill -9 of the stack process, as a crash would; the dataDir is kept. */
  kill: () => Promise<void>;
  /** True while the stack process runs. */
  running: () => boolean;
  /**
   * The Firestore document reads the stack has served so far, counted as Firestore bills them
   * (scripts/local-firebase/firestore.mjs, onRead): compare two calls to price what ran between.
   */
  reads: () => Promise<number>;
  /**
   * The Firestore operations the stack has served so far: document reads (as reads()), document
   * writes (one per document a commit changes) and read-write transactions begun (every attempt
   * of a retried one); compare two calls to count what ran between.
   */
  operations: () => Promise<FirestoreOperations>;
  /**
   * Holds back (true) or lets go (false) the launcher's restart of a killed Auth emulator, so a
   * fault test's outage outlasts the app's backend deadline however fast the machine restarts it.
   */
  holdAuthRestarts: (hold: boolean) => Promise<void>;
};

export type FirestoreOperations = { reads: number; writes: number; transactions: number };

export type StartTestFirebaseOptions = {
  /** Defaults to a new temporary directory, removed by stop(). */
  dataDir?: string;
  /** Defaults to free ports. */
  ports?: TestFirebasePorts;
  shopId?: string;
  /**
   * Extra variables for the stack, e.g. LOCAL_FIREBASE_TX_TIMEOUT_MS; LOCAL_FIRESTORE_INDEXES
   * (INDEX_FILE unless set; '' checks no index) names the composite indexes it accepts.
   */
  stackEnv?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Starts an Auth emulator of its own even where this Jest worker has a shared one: for a stack
   * whose emulator the test kills or whose data directory it starts again.
   */
  privateAuth?: boolean;
};

/** Whether this file's stacks hold the worker's shared Auth emulator now (one at a time). */
let sharedAuthInUse = false;

/**
 * The ports test/jest-global-setup.mjs set aside for this Jest worker: the first for the Auth
 * emulator its fresh stacks share, the rest for its stacks. Outside Jest, none.
 */
function workerPortBlock(): { first: number; size: number; run: string } | undefined {
  const worker = Number(process.env.JEST_WORKER_ID ?? 0);
  const blocks = process.env.LOCAL_FIREBASE_PORT_BLOCKS;
  if (!worker || !blocks) return;
  const { base, block, run } = JSON.parse(blocks) as { base: number; block: number; run: string };
  return { first: base + (worker - 1) * block, size: block, run };
}

/**
 * The worker's shared Auth emulator (started here by its first user), if the stack may use it: a
 * fresh stack (no data directory or ports of its own), while no other stack of this file holds
 * it. Outside Jest, none.
 */
async function sharedAuthUpstream(options: StartTestFirebaseOptions): Promise<string | undefined> {
  if (options.privateAuth || options.dataDir !== undefined || options.ports !== undefined) return;
  if (sharedAuthInUse) return;
  const block = workerPortBlock();
  if (!block) return;
  if (!sharedAuthRunning(block.run, block.first)) {
    // Something else (another run's stack) holds the port: this stack runs its own Auth.
    if (await listening(block.first)) return;
    startSharedAuth(block.run, block.first);
  }
  return `127.0.0.1:${block.first}`;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be bound right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.on('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Where this worker's next stack looks for ports in its block (past the shared Auth port). */
let blockCursor = 1;

/**
 * A free port of this worker's block (see test/jest-global-setup.mjs), the next one after the
 * last handed out (Jest loads this module again for each test file, so each file starts over at
 * the block's start: a port still held by an earlier file's stack is skipped); outside Jest, any
 * free port.
 */
async function stackPort(): Promise<number> {
  const block = workerPortBlock();
  if (!block) return freePort();
  for (let tried = 0; tried < block.size; tried += 1) {
    const port = block.first + blockCursor;
    blockCursor = (blockCursor % (block.size - 1)) + 1;
    if (await bindable(port)) return port;
  }
  return freePort();
}

/**
 * Ports for a stack. Inside Jest they come from the worker's block below the ephemeral range, so
 * that a stack stopped and restarted on its ports finds them free: a port from bind(0) can be
 * taken meanwhile by any outgoing connection or by another worker.
 */
export async function freePorts(): Promise<TestFirebasePorts> {
  const [auth, firestore, hub, logging] = [
    await stackPort(),
    await stackPort(),
    await stackPort(),
    await stackPort(),
  ] as [number, number, number, number];
  return { auth, firestore, hub, logging };
}

/**
 * Starts a private local Firebase (scripts/local-firebase/start.mjs as a child process, seeded,
 * on free ports). The child also stops if this process dies, since it watches its stdin.
 */
export async function startTestFirebase(
  options: StartTestFirebaseOptions = {},
  attempt = 1,
): Promise<TestFirebase> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'local-firebase-'));
  const ports = options.ports ?? (await freePorts());
  const upstream = await sharedAuthUpstream(options);
  if (upstream) sharedAuthInUse = true;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'STORAGE_EMULATOR_HOST',
    'FIREBASE_SERVICE_ACCOUNT',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    AUTH_EMULATOR_PORT: String(ports.auth),
    FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    EMULATOR_HUB_PORT: String(ports.hub),
    EMULATOR_LOGGING_PORT: String(ports.logging),
    SHOP_ID: options.shopId ?? process.env.SHOP_ID ?? 'chocolate-shop',
    LOCAL_FIRESTORE_INDEXES: INDEX_FILE,
    ...(upstream ? { LOCAL_FIREBASE_AUTH_UPSTREAM: upstream } : {}),
    ...options.stackEnv,
  });

  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [START_SCRIPT, '--data-dir', dataDir, '--no-reuse', '--exit-with-stdin'],
    { env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<{
    authHost: string;
    firestoreHost: string;
    storageHost: string;
    projectId: string;
    authEmulatorPid: number | null;
  }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^LOCAL_FIREBASE_READY (.*)$/m.exec(output);
      if (match?.[1]) resolve(JSON.parse(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) =>
      reject(new Error(`local Firebase exited (${code}) before ready:\n${output}`)),
    );
    setTimeout(
      () => reject(new Error(`local Firebase not ready in time:\n${output}`)),
      options.timeoutMs ?? 45_000,
    ).unref();
  });

  let hosts;
  try {
    hosts = await ready;
  } catch (error) {
    child.kill('SIGKILL');
    if (upstream) sharedAuthInUse = false;
    // A free port can be taken by another process (a parallel Jest worker) between freePorts()
    // and the emulator binding it: with ports of our own choosing, choose again.
    const portTaken = /port taken|EADDRINUSE|is not open on/.test(String(error));
    if (portTaken && !options.ports && attempt < 3) {
      await exited;
      if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
      return startTestFirebase(options, attempt + 1);
    }
    throw error;
  }

  /**
   * A command on the stack's stdin, answered on its stdout (scripts/local-firebase/start.mjs);
   * answers come in order. Resolves with the answer's first group.
   */
  const ask = (command: string, answer: RegExp) => {
    const from = output.length;
    return new Promise<string>((resolve, reject) => {
      const onData = () => {
        const match = answer.exec(output.slice(from));
        if (!match) return;
        child.stdout.off('data', onData);
        clearTimeout(timer);
        resolve(match[1] ?? '');
      };
      const timer = setTimeout(() => {
        child.stdout.off('data', onData);
        reject(new Error(`the local Firebase did not answer '${command}'`));
      }, 10_000);
      child.stdout.on('data', onData);
      child.stdin.write(`${command}\n`);
    });
  };

  let stopping: Promise<void> | undefined;
  return {
    ...hosts,
    dataDir,
    ports,
    env: {
      FIRESTORE_EMULATOR_HOST: hosts.firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
      FIREBASE_STORAGE_EMULATOR_HOST: hosts.storageHost,
      GCLOUD_PROJECT: hosts.projectId,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: hosts.projectId,
      METADATA_SERVER_DETECTION: 'none',
    },
    output: () => output,
    async reads() {
      const count = Number(await ask('reads', /^LOCAL_FIREBASE_READS (-?\d+)$/m));
      if (count < 0) throw new Error('this local Firebase does not count reads');
      return count;
    },
    async operations() {
      const answer = await ask('operations', /^LOCAL_FIREBASE_OPERATIONS (.+)$/m);
      const counted = JSON.parse(answer) as FirestoreOperations | null;
      if (!counted) throw new Error('this local Firebase does not count operations');
      return counted;
    },
    async holdAuthRestarts(hold) {
      const answer = await ask(
        hold ? 'auth-hold' : 'auth-release',
        /^LOCAL_FIREBASE_AUTH_RESTARTS (\w+)$/m,
      );
      if (answer === 'unsupported') throw new Error('this stack shares an Auth emulator');
    },
    running: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      if (upstream) sharedAuthInUse = false;
    },
    stop({ keepDataDir = false } = {}) {
      stopping ??= (async () => {
        // The last stop of a file: close the shop's own firebase-admin app first. Its streams,
        // cut by the emulators' exit, otherwise reported their status after Jest had torn the
        // file down, which failed the suite ('Cannot read properties of undefined').
        // The emulators stop even when that fails, and the failure is then reported.
        try {
          if (!keepDataDir) await closeShopAdminApp();
        } finally {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
            await exited;
            clearTimeout(timer);
          }
          if (upstream) sharedAuthInUse = false;
          if (temporary && !keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
        }
      })();
      return stopping;
    },
  };
}

/**
 * How long a file's teardown waits for the app's unsettled backend calls: a read left retrying
 * against a live stack ends within seconds. The teardown hooks allow for it (setUpFileFirebase).
 */
const UNSETTLED_WAIT_MS = 30_000;

/**
 * Deletes the app lib/firebase/admin.ts made in this test file, if it made one, once its work is
 * done: the lazy expiry, the drains and the calls still running (lib/deadline.ts). Firestore
 * refuses to close while a listener is open, so the order marker's listener (on globalThis,
 * lib/orders/repository/markers.ts) and those of lib/firebase/live-query.ts stop first: cut by
 * the emulators' exit, a live stream reports its status after Jest has torn the file down.
 */
async function closeShopAdminApp(): Promise<void> {
  // A lazy expiry run the file's reads started goes on after their answer (lib/orders/expiry.ts):
  // it ends before the app it runs on is closed, or its calls fail after the file is gone.
  const lazyExpiry = (globalThis as { __shopLazyExpiry?: { idle(): Promise<void> } })
    .__shopLazyExpiry;
  if (lazyExpiry) await lazyExpiry.idle();
  // E-mails and refunds sent after a test's last change (lib/background-drain.ts) finish first:
  // cut off by the stack's stop, their Firestore calls failed in the next test file.
  const drains = (globalThis as { __shopDrains?: Map<string, { running: Promise<void> | null }> })
    .__shopDrains;
  await Promise.all([...(drains?.values() ?? [])].map((drain) => drain.running));
  // Backend calls the app stopped waiting for (lib/deadline.ts, mayOutliveCaller) still retry their
  // streams: they end before the client they run on is dropped, or report to a torn-down file.
  const unsettled = (globalThis as { __shopUnsettledWork?: Map<Promise<void>, string> })
    .__shopUnsettledWork;
  const giveUpAt = Date.now() + UNSETTLED_WAIT_MS;
  let neverSettled: Error | null = null;
  while (unsettled?.size && !neverSettled) {
    const left = giveUpAt - Date.now();
    const limit = new Promise<'late'>((resolve) => setTimeout(resolve, left, 'late').unref());
    if ((await Promise.race([Promise.all(unsettled.keys()), limit])) === 'late') {
      neverSettled = new Error(
        `backend calls never settled: ${[...unsettled.values()].join(', ')}`,
      );
    }
  }
  const marker = (
    globalThis as { __shopOrderMarker?: { listener: { unsubscribe(): void } | null } }
  ).__shopOrderMarker;
  marker?.listener?.unsubscribe();
  if (marker) marker.listener = null;
  // The stock and delivery-table listeners (lib/firebase/live-query.ts).
  const live = (globalThis as { __shopLiveQueries?: Map<string, { unsubscribe(): void }> })
    .__shopLiveQueries;
  for (const entry of live?.values() ?? []) entry.unsubscribe();
  live?.clear();
  const shopApp = getApps().find((app) => app.name === ADMIN_APP_NAME);
  if (shopApp) await deleteApp(shopApp);
  if (neverSettled) throw neverSettled;
}

/** Points this process at the stack: firebase-admin, lib/env.ts (read them at first use). */
export function applyTestFirebaseEnv(stack: TestFirebase): void {
  Object.assign(process.env, stack.env);
  delete process.env.FIREBASE_SERVICE_ACCOUNT;
  // firebase-admin derives it from FIREBASE_STORAGE_EMULATOR_HOST only when it is not set.
  delete process.env.STORAGE_EMULATOR_HOST;
}

export type AdminClients = { app: App; auth: Auth; db: Firestore; close: () => Promise<void> };

/** A separate firebase-admin app on the stack, for tests that seed or inspect data directly. */
export function adminClients(stack: TestFirebase, name = `test-${Date.now()}-${Math.random()}`) {
  applyTestFirebaseEnv(stack);
  const app = initializeApp({ projectId: stack.projectId }, name);
  const clients: AdminClients = {
    app,
    auth: getAuth(app),
    db: getFirestore(app),
    close: () => deleteApp(app),
  };
  return clients;
}

/** A test file's private local Firebase and an admin client on it, once `beforeAll` has run. */
export type FileFirebase = { stack: TestFirebase; clients: AdminClients; db: Firestore };

/**
 * Drops the Mercado Pago settings of the shell, so orders are placed as the shop without a
 * payment provider places them (manual payment), whatever the developer's environment holds.
 */
export function clearMercadoPagoEnv(): void {
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('MERCADOPAGO_')) delete process.env[name];
  }
}

/** Whether anything accepts connections on a local port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a private local Firebase for the calling test file before its tests and stops it after
 * them. Declare it before the file's own `beforeAll`, which then finds the environment applied
 * (import the module under test there, not at the top).
 */
export function setUpFileFirebase(
  options?: StartTestFirebaseOptions & { withoutMercadoPago?: boolean },
): FileFirebase {
  const handle = {} as FileFirebase;
  const { withoutMercadoPago, ...stackOptions } = options ?? {};
  beforeAll(
    async () => {
      if (withoutMercadoPago) clearMercadoPagoEnv();
      handle.stack = await startTestFirebase(stackOptions);
      handle.clients = adminClients(handle.stack);
      handle.db = handle.clients.db;
    },
    // The stack's own start-up limit, and time to read its answer.
    (stackOptions.timeoutMs ?? 45_000) + 10_000,
  );
  afterAll(
    async () => {
      await handle.clients?.close();
      await handle.stack?.stop();
    },
    // The wait for unsettled calls, then the emulators' stop (SIGKILL after 25 s).
    UNSETTLED_WAIT_MS + 40_000,
  );
  return handle;
}

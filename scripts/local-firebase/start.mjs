// The local Firebase (see docs/ARCHITECTURE.md): the Auth emulator (firebase-tools, child process) and
// an in-process Firestore emulator with conflict-checked transactions, saved in a data directory.
//
// CLI: node scripts/local-firebase/start.mjs [--data-dir DIR] [--no-reuse] [--exit-with-stdin]
// With --exit-with-stdin, a line `reads` on stdin is answered `LOCAL_FIREBASE_READS <n>` on stdout:
// the Firestore document reads served so far, counted as Firestore bills them (tests); a line
// `operations` is answered `LOCAL_FIREBASE_OPERATIONS {"reads":n,"writes":n,"transactions":n}`
// (writes: documents written; transactions: read-write transactions begun, retries included). Lines
// `auth-hold` / `auth-release` (answered `LOCAL_FIREBASE_AUTH_RESTARTS held|released`) hold back
// and let go the Auth emulator's restart after a crash, so a fault test keeps the outage longer
// than the app's backend deadline whatever the machine's speed.
// Env: AUTH_EMULATOR_PORT (9099), FIRESTORE_EMULATOR_PORT (8080), EMULATOR_HUB_PORT and
// EMULATOR_LOGGING_PORT (free ones near 4400/4500), LOCAL_FIREBASE_DATA_DIR (.local-firebase),
// LOCAL_FIREBASE_TX_TIMEOUT_MS (10000), LOCAL_FIREBASE_VERBOSE=1 (auth emulator logs), SHOP_ID,
// LOCAL_FIRESTORE_INDEXES (a firestore.indexes.json: queries needing a composite index it lacks
// are refused, as by a real project; the tests set it, test/local-firebase-env.ts),
// LOCAL_FIREBASE_AUTH_UPSTREAM (host:port of a running Auth emulator to use instead of starting
// one, emptied of accounts first: tests share one per Jest worker, shared-auth.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { removeStaleExportTemps, startAuthFront } from './auth-front.mjs';
import { checkAuthExport, httpAnswers } from './auth.mjs';
import { superviseAuthEmulator } from './auth-supervisor.mjs';
import { startFirestoreEmulator } from './firestore.mjs';
import { readIndexFile } from './indexes.mjs';
import { journalFileFor, loadStateFile, moveAside, persistState } from './persistence.mjs';
import { parseMilliseconds, parsePort, tcpAnswers } from './ports.mjs';
import { realProjectConfigured } from './real-project.mjs';
import { seedLocalFirebase, seedMissingCatalogue } from './seed.mjs';
import { startStorageStandIn } from './storage.mjs';

export const LOCAL_PROJECT_ID = 'demo-chocolate-shop';

// No probe of the metadata server against the emulators (./app-env.mjs); a real project may take
// its credentials from it.
if (!realProjectConfigured(process.env)) process.env.METADATA_SERVER_DETECTION ??= 'none';
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.local-firebase', import.meta.url));
const FIRESTORE_FILE = 'firestore.json';
const AUTH_EXPORT_DIR = 'auth-export';
/** The pictures' stand-in keeps its objects here (./storage.mjs). */
const STORAGE_DIR = 'storage';
const LOCK_FILE = 'stack.pid';

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function takeDataDirLock(dataDir) {
  const file = path.join(dataDir, LOCK_FILE);
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another local Firebase (pid ${pid}) is using ${dataDir} (if not, delete ${file})`,
      );
    }
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

/**
 * Starts the local Firebase: Auth emulator (firebase-tools child process) and the in-process
 * Firestore emulator, persisted in `dataDir` and seeded on first start.
 *
 * Resolves to { mode, authHost, firestoreHost, projectId, dataDir, exited, stop() }:
 * mode 'local' (started here), 'external' (emulators already running, per
 * FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST) or 'real' (realProjectConfigured:
 * nothing started, hosts null). `exited` resolves if the stack dies on its own.
 */
export async function startLocalFirebase({
  dataDir,
  log = console.log,
  authPort,
  firestorePort,
  reuseExisting = true,
  env = process.env,
  verbose = env.LOCAL_FIREBASE_VERBOSE === '1',
} = {}) {
  const projectId = LOCAL_PROJECT_ID;
  const shopId = env.SHOP_ID || 'chocolate-shop';
  const never = new Promise(() => {});

  if (reuseExisting && realProjectConfigured(env)) {
    log('[local-firebase] a real Firebase project is configured: no emulators.');
    return {
      mode: 'real',
      authHost: null,
      firestoreHost: null,
      projectId: env.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? null,
      dataDir: null,
      exited: never,
      stop: async () => {},
    };
  }

  const existingFirestore = env.FIRESTORE_EMULATOR_HOST;
  const existingAuth = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (reuseExisting && existingFirestore && existingAuth) {
    const [firestoreUp, authUp] = await Promise.all([
      tcpAnswers(existingFirestore),
      httpAnswers(`http://${existingAuth}/`),
    ]);
    if (firestoreUp && authUp) {
      log(
        `[local-firebase] using emulators already running (Firestore ${existingFirestore}, ` +
          `Auth ${existingAuth}); starting nothing.`,
      );
      return {
        mode: 'external',
        authHost: existingAuth,
        firestoreHost: existingFirestore,
        storageHost: env.FIREBASE_STORAGE_EMULATOR_HOST || null,
        projectId: env.GCLOUD_PROJECT || projectId,
        dataDir: null,
        exited: never,
        stop: async () => {},
      };
    }
    log(
      `[local-firebase] FIRESTORE_EMULATOR_HOST/FIREBASE_AUTH_EMULATOR_HOST are set but do not ` +
        `answer; starting a local stack instead.`,
    );
  }

  const resolvedAuthPort =
    authPort ?? parsePort(env.AUTH_EMULATOR_PORT, 'AUTH_EMULATOR_PORT', 9099);
  const resolvedFirestorePort =
    firestorePort ?? parsePort(env.FIRESTORE_EMULATOR_PORT, 'FIRESTORE_EMULATOR_PORT', 8080);

  dataDir = path.resolve(dataDir || env.LOCAL_FIREBASE_DATA_DIR || DEFAULT_DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  const firestoreFile = path.join(dataDir, FIRESTORE_FILE);
  const exportDir = path.join(dataDir, AUTH_EXPORT_DIR);
  const cleanups = [releaseLock];
  const cleanup = async () => {
    while (cleanups.length > 0) await cleanups.pop()();
  };

  try {
    const operations = { reads: 0, writes: 0, transactions: 0 };
    const firestore = await startFirestoreEmulator({
      port: resolvedFirestorePort,
      log,
      onRead: (count) => {
        operations.reads += count;
      },
      onWrite: (count) => {
        operations.writes += count;
      },
      onTransaction: () => {
        operations.transactions += 1;
      },
      holdTimeoutMs: parseMilliseconds(
        env.LOCAL_FIREBASE_TX_TIMEOUT_MS,
        'LOCAL_FIREBASE_TX_TIMEOUT_MS',
      ),
      indexes: env.LOCAL_FIRESTORE_INDEXES ? readIndexFile(env.LOCAL_FIRESTORE_INDEXES) : null,
    });
    cleanups.push(() => firestore.stop());

    // Firestore documents and auth users are one state: if either part is unusable or missing,
    // both start fresh (never user documents without their accounts, or the other way round).
    const loaded = loadStateFile(firestore.state, firestoreFile, { log });
    removeStaleExportTemps(exportDir);
    const authExport = checkAuthExport(exportDir);
    let fresh = loaded.status !== 'loaded';
    let seedAuthOnly = false;
    if (authExport !== 'missing' && authExport !== 'valid') {
      console.error(
        `[local-firebase] CORRUPT auth emulator export in ${exportDir}: ${authExport}\n` +
          `[local-firebase] moved it to ${moveAside(exportDir)}.`,
      );
      if (loaded.status === 'loaded') {
        firestore.state.clear();
        fs.rmSync(journalFileFor(firestoreFile), { force: true });
        console.error(
          `[local-firebase] moved ${firestoreFile} to ${moveAside(firestoreFile)} too; ` +
            `starting from fresh seed data.`,
        );
      }
      fresh = true;
    } else if (fresh && authExport === 'valid') {
      const movedTo = moveAside(exportDir);
      log(
        `[local-firebase] Firestore data ${loaded.status}; moved the auth users to ${movedTo} ` +
          `so that both start fresh.`,
      );
    } else if (!fresh && authExport === 'missing') {
      log(
        `[local-firebase] warning: ${exportDir} is missing (the auth emulator did not exit ` +
          `cleanly?): accounts other than the seed ones are lost.`,
      );
      seedAuthOnly = true;
    }

    const storage = await startStorageStandIn({
      rootDir: path.join(dataDir, STORAGE_DIR),
      port: parsePort(env.STORAGE_EMULATOR_PORT, 'STORAGE_EMULATOR_PORT', 0),
      log,
    });
    cleanups.push(() => storage.stop());

    const persistence = persistState(firestore.state, firestoreFile, {
      log,
      sync: env.LOCAL_FIREBASE_FSYNC !== '0',
    });
    firestore.setBeforeAcknowledge(persistence.commit);
    cleanups.push(() => persistence.close());

    const auth = await superviseAuthEmulator({
      dataDir,
      exportDir,
      hubPort: parsePort(env.EMULATOR_HUB_PORT, 'EMULATOR_HUB_PORT', undefined),
      loggingPort: parsePort(env.EMULATOR_LOGGING_PORT, 'EMULATOR_LOGGING_PORT', undefined),
      upstream: env.LOCAL_FIREBASE_AUTH_UPSTREAM || undefined,
      projectId,
      log,
      verbose,
    });
    cleanups.push(() => auth.stop());
    const front = await startAuthFront({
      port: resolvedAuthPort,
      upstream: () => auth.ready(),
      projectId,
      exportDir,
      log,
    });
    cleanups.push(async () => {
      await front.exportNow().catch(() => {});
      await front.close();
    });

    const firestoreHost = `127.0.0.1:${firestore.port}`;
    if (fresh || seedAuthOnly) {
      await seedLocalFirebase({
        projectId,
        shopId,
        authHost: front.host,
        firestoreHost,
        firestore: fresh,
        // Jest's data tests run a shop without a delivery table (test/jest-env.js).
        deliveryTable: process.env.LOCAL_FIREBASE_SEED_DELIVERY !== '0',
      });
      persistence.flush();
      if (fresh) log(`[local-firebase] seeded projects/${shopId} (admin, shopper, orders, stock).`);
    }
    if (!fresh && (await seedMissingCatalogue({ projectId, shopId, firestoreHost }))) {
      persistence.flush();
      log(`[local-firebase] seeded projects/${shopId}/products (the catalogue was missing).`);
    }

    log(
      `[local-firebase] ready: Firestore ${firestoreHost}, Auth ${front.host}, project ` +
        `${projectId}, data in ${dataDir}`,
    );
    let stopping = null;
    return {
      mode: 'local',
      authHost: front.host,
      firestoreHost,
      storageHost: storage.host,
      projectId,
      dataDir,
      /** The Auth emulator's process group now (it changes when it is restarted). */
      authEmulatorPid: () => auth.current().pid,
      exited: auth.exited,
      /** Firestore document reads served so far (see startFirestoreEmulator's onRead). */
      reads: () => operations.reads,
      /** Reads, writes and read-write transactions so far (startFirestoreEmulator's hooks). */
      operations: () => ({ ...operations }),
      /** See superviseAuthEmulator's holdRestarts; false where the emulator is shared. */
      holdAuthRestarts(hold) {
        if (!auth.holdRestarts) return false;
        auth.holdRestarts(hold);
        return true;
      },
      stop() {
        stopping ??= cleanup();
        return stopping;
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const stack = await startLocalFirebase({
    dataDir: option('--data-dir'),
    reuseExisting: !args.includes('--no-reuse'),
  });
  // One machine-readable line, for test harnesses that run this file as a child process.
  console.log(
    `LOCAL_FIREBASE_READY ${JSON.stringify({
      mode: stack.mode,
      authHost: stack.authHost,
      firestoreHost: stack.firestoreHost,
      storageHost: stack.storageHost ?? null,
      projectId: stack.projectId,
      authEmulatorPid: stack.authEmulatorPid?.() ?? null,
    })}`,
  );

  let exiting = false;
  const shutdown = async (code) => {
    if (exiting) return;
    exiting = true;
    try {
      await stack.stop();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGHUP', () => shutdown(0));
  if (args.includes('--exit-with-stdin')) {
    // Used by test harnesses: their end (even a crash) closes our stdin.
    process.stdin.on('end', () => shutdown(0));
    process.stdin.on('error', () => shutdown(0));
    let pending = '';
    process.stdin.on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const command = line.trim();
        if (command === 'reads') console.log(`LOCAL_FIREBASE_READS ${stack.reads?.() ?? -1}`);
        if (command === 'operations') {
          console.log(`LOCAL_FIREBASE_OPERATIONS ${JSON.stringify(stack.operations?.() ?? null)}`);
        }
        if (command === 'auth-hold' || command === 'auth-release') {
          const held = command === 'auth-hold';
          const done = stack.holdAuthRestarts?.(held) ?? false;
          console.log(
            `LOCAL_FIREBASE_AUTH_RESTARTS ${done ? (held ? 'held' : 'released') : 'unsupported'}`,
          );
        }
      }
    });
    process.stdin.resume();
  }
  process.on('uncaughtException', (error) => {
    console.error(error);
    shutdown(1);
  });
  stack.exited.then(() => {
    if (exiting) return;
    console.error('[local-firebase] the Auth emulator could not be kept running; stopping.');
    shutdown(1);
  });
  if (stack.mode !== 'local') {
    // Nothing to keep alive.
    await shutdown(0);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

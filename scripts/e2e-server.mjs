// The server Playwright tests run against: the production build's standalone server (the one
// the container runs) on a fresh, seeded local Firebase (its own data folder and ports, so a
// running `npm start` is not disturbed).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

import { STANDALONE_SERVER } from './build.mjs';

const port = process.env.E2E_PORT ?? '3100';
// One folder per port, so two e2e runs on one machine never share (or lock) a data folder.
const dataDir = process.env.E2E_DATA_DIR ?? `.local-firebase-e2e/${port}`;
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(
  process.execPath,
  ['scripts/local-firebase/with-local-firebase.mjs', process.execPath, STANDALONE_SERVER],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      HOSTNAME: '127.0.0.1',
      PORT: port,
      // Idle connections stay open longer than a test leaves one unused: Node's 5 s default let the
      // server close a kept-alive socket just as a busy test process sent on it (ECONNRESET).
      KEEP_ALIVE_TIMEOUT: '65000',
      LOCAL_FIREBASE_DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: process.env.E2E_AUTH_PORT ?? '9199',
      FIRESTORE_EMULATOR_PORT: process.env.E2E_FIRESTORE_PORT ?? '8180',
      EMULATOR_HUB_PORT: process.env.E2E_HUB_PORT ?? '4410',
      EMULATOR_LOGGING_PORT: process.env.E2E_LOGGING_PORT ?? '4510',
      // Queries without their composite index are refused, as Firestore refuses them.
      LOCAL_FIRESTORE_INDEXES: 'firestore.indexes.json',
      // The cron routes answer the e2e specs that call them (e2e/panel-home.spec.ts).
      CRON_SECRET: 'e2e-cron-secret-0123456789',
      // The CEP autofill asks a fake that e2e/checkout-address.spec.ts starts on this port
      // (nothing listens otherwise: the lookup fails and the shopper types, as offline).
      CEP_LOOKUP_BASE_URL: `http://127.0.0.1:${process.env.E2E_CEP_PORT ?? Number(port) + 5}/ws`,
      // The e2e run always gets its own emulators, never ones configured in the shell.
      FIRESTORE_EMULATOR_HOST: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_STORAGE_EMULATOR_HOST: '',
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

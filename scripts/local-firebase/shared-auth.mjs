// Auth emulators that test stacks share instead of starting their own (LOCAL_FIREBASE_AUTH_UPSTREAM
// in start.mjs): a start costs seconds of CPU even with lazy-auth-validators.mjs, and a test file
// needs an empty emulator, not a new one. One per Jest worker, since a worker runs its files one
// at a time and each stack empties its emulator's accounts when it starts (two stacks on one
// emulator at once would see each other's users).
//
// CLI: node scripts/local-firebase/shared-auth.mjs PORT [PID_FILE]
// Serves an Auth emulator of project demo-chocolate-shop on 127.0.0.1:PORT, prints
// `SHARED_AUTH_READY` once it answers, and exits when its stdin closes (its parent ended),
// removing PID_FILE (which its starter wrote). One process per emulator, so that two start on two
// cores at once.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import './lazy-auth-validators.mjs';
import { LOCAL_PROJECT_ID } from './start.mjs';

const require = createRequire(import.meta.url);
// The emulator's own module, without the CLI around it (no hub, logging port or update check).
const { AuthEmulator, SingleProjectMode } = require('firebase-tools/lib/emulator/auth/index.js');

const port = Number(process.argv[2]);
const pidFile = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: shared-auth.mjs PORT [PID_FILE]');
  process.exit(2);
}

const emulator = new AuthEmulator({
  host: '127.0.0.1',
  port,
  projectId: LOCAL_PROJECT_ID,
  singleProjectMode: SingleProjectMode.NO_WARNING,
});
await emulator.start();
console.log('SHARED_AUTH_READY');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await emulator.stop().catch(() => {});
  if (pidFile) fs.rmSync(pidFile, { force: true });
  process.exit(0);
}
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);

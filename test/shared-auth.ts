import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The Jest worker's shared Auth emulator (scripts/local-firebase/shared-auth.mjs), which the
// stacks of test/local-firebase-env.ts use in turn instead of each starting its own.

const SHARED_AUTH_SCRIPT = path.join(
  __dirname,
  '..',
  'scripts',
  'local-firebase',
  'shared-auth.mjs',
);

/** Named after the Jest run too: two runs on one machine may pick the same port. */
const pidFile = (run: string, port: number) =>
  path.join(os.tmpdir(), `shared-auth-${run}-${port}.pid`);

/**
 * Whether a shared Auth emulator on `port` runs or is starting: its pid, in a file named after
 * the port, keeps a later file from starting a second one while the first is still starting.
 */
export function sharedAuthRunning(run: string, port: number): boolean {
  const file = pidFile(run, port);
  const pid = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : 0);
  return pid > 0 && isRunning(pid);
}

/**
 * Starts the worker's shared Auth emulator on `port` (the stack waits until it answers): it
 * outlives this test file and stops when the worker process ends, which closes its stdin;
 * unreferenced, so it never keeps the worker from ending.
 */
export function startSharedAuth(run: string, port: number): void {
  const child = spawn(process.execPath, [SHARED_AUTH_SCRIPT, String(port), pidFile(run, port)], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, METADATA_SERVER_DETECTION: 'none' },
  });
  if (child.pid) fs.writeFileSync(pidFile(run, port), String(child.pid));
  child.unref();
  (child.stdin as unknown as { unref: () => void }).unref();
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

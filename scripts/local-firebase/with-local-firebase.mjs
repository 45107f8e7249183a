// Usage: node scripts/local-firebase/with-local-firebase.mjs <command> [args...]
//
// Starts the local Firebase (unless real credentials or running emulators are configured),
// runs <command> with the emulator variables set, and stops everything when either side ends.
// Nothing of the emulators is inlined at build time: the browser asks /api/auth/config.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { realProjectConfigured } from './real-project.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A real project: nothing to start or stop. */
const REAL_PROJECT = { mode: 'real', exited: new Promise(() => {}), stop: async () => {} };

/** The environment Next.js will see: ours plus its .env files (which it loads itself). */
function envWithDotenvFiles(dev) {
  const saved = { ...process.env };
  try {
    const { loadEnvConfig } = require('@next/env');
    const { combinedEnv } = loadEnvConfig(ROOT, dev, { info: () => {}, error: console.error });
    return { ...combinedEnv };
  } catch {
    return saved;
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.error('usage: with-local-firebase.mjs <command> [args...]');
    process.exit(2);
  }

  const env = envWithDotenvFiles(args.includes('dev'));
  let stack = REAL_PROJECT;
  let extraEnv = {};
  let command = args;
  // The emulators (firebase-tools, @firestore-emulator) are dev dependencies: load them only
  // when they are needed, so a production install (`npm prune --omit=dev`) with a real project
  // starts without them.
  if (!realProjectConfigured(env)) {
    const { startLocalFirebase } = await import('./start.mjs');
    const { appCommandFor, emulatorEnv } = await import('./app-env.mjs');
    stack = await startLocalFirebase({ env });
    if (stack.mode !== 'real') {
      // The emulators accept unsigned tokens: the app must answer this machine only. `next`
      // takes -H (appCommandFor), the standalone server.js reads HOSTNAME.
      extraEnv = { ...emulatorEnv(stack), HOSTNAME: '127.0.0.1' };
    }
    try {
      command = appCommandFor(stack.mode, args);
    } catch (error) {
      console.error(`[local-firebase] ${error.message}`);
      await stack.stop();
      process.exit(2);
    }
  } else {
    console.log('[local-firebase] a real Firebase project is configured: no emulators.');
  }

  const binDir = path.join(ROOT, 'node_modules', '.bin');
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...extraEnv,
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  });

  let exitCode = null;
  let finishing = null;
  const finish = (code) => {
    exitCode ??= code;
    finishing ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await new Promise((resolve) => child.once('exit', resolve));
        clearTimeout(killTimer);
      }
      await stack.stop();
      process.exit(exitCode);
    })();
  };

  child.on('error', (error) => {
    console.error(`[local-firebase] could not run ${args[0]}: ${error.message}`);
    finish(127);
  });
  child.on('exit', (code, signal) => {
    finish(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 15));
  });
  stack.exited.then(() => {
    if (finishing) return;
    console.error('[local-firebase] the local Firebase stopped unexpectedly; stopping the app.');
    finish(1);
  });

  // The Firestore emulator runs in this process: if it breaks, take the app down with it.
  process.on('uncaughtException', (error) => {
    console.error('[local-firebase] crashed:', error);
    finish(1);
  });

  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      signals += 1;
      if (signals > 2) process.exit(130);
      // A terminal Ctrl-C has reached the child too (same process group); forwarding is for
      // signals sent to us alone (kill, Playwright's web server shutdown).
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      finish(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

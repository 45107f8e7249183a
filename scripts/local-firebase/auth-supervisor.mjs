import { restoreRevocationTimes } from './auth-front.mjs';
import { checkAuthExport, httpAnswers, startAuthEmulator } from './auth.mjs';
import { freePort, waitForPortsFree } from './ports.mjs';

// The Auth emulator of the local stack (./start.mjs): started and restarted after a crash, or a
// running one shared (LOCAL_FIREBASE_AUTH_UPSTREAM).

const MAX_AUTH_RESTARTS_PER_MINUTE = 3;

/**
 * Runs the Auth emulator on a private port (auth-front.mjs is what listens on the Auth port) and
 * restarts it when it dies on its own: it imports the export written after every account change,
 * so users, their revocation times and hence the sessions signed with them all survive. After
 * MAX_AUTH_RESTARTS_PER_MINUTE crashes in a minute it gives up and `exited` resolves.
 */
export async function superviseAuthEmulator({ hubPort, loggingPort, log, ...options }) {
  if (options.upstream) return attachSharedAuthEmulator(options);
  const port = await freePort();
  const start = async () => {
    // After a kill -9 of a previous stack, its emulator may still be releasing these ports.
    await waitForPortsFree([port, hubPort, loggingPort]);
    const emulator = await startAuthEmulator({ ...options, port, hubPort, loggingPort, log });
    try {
      await restoreRevocationTimes({ ...options, host: emulator.host });
    } catch (error) {
      await emulator.stop();
      throw error;
    }
    return emulator;
  };
  let auth = await start();
  // What the front door waits for: the emulator's host once it has started and been restored.
  let ready = Promise.resolve(auth.host);
  let stopping = false;
  let giveUp;
  const exited = new Promise((resolve) => {
    giveUp = resolve;
  });
  const crashes = [];
  // Open unless a test holds restarts back (holdRestarts below).
  let restartGate = null;
  const watch = (emulator) => {
    void emulator.exited.then(async (info) => {
      if (stopping) return;
      try {
        process.kill(-emulator.pid, 'SIGKILL');
      } catch {
        // The whole group is gone already.
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes[0] < now - 60_000) crashes.shift();
      const how = info.code ?? info.signal;
      if (crashes.length > MAX_AUTH_RESTARTS_PER_MINUTE) {
        console.error(`[local-firebase] the Auth emulator keeps crashing (${how}); giving up.`);
        giveUp(info);
        return;
      }
      console.error(
        `[local-firebase] the Auth emulator stopped unexpectedly (${how}); restarting it.`,
      );
      let release;
      ready = new Promise((resolve, reject) => {
        release = { resolve, reject };
      });
      ready.catch(() => {});
      try {
        await restartGate?.promise;
        auth = await start();
        release.resolve(auth.host);
        log(`[local-firebase] Auth emulator restarted on ${auth.host}.`);
        if (stopping) await auth.stop();
        else watch(auth);
      } catch (error) {
        release.reject(error);
        console.error(`[local-firebase] could not restart the Auth emulator: ${error.message}`);
        giveUp(info);
      }
    });
  };
  watch(auth);
  return {
    current: () => auth,
    /** The emulator's host, once a restart in progress has finished. */
    ready: () => ready,
    exited,
    /** Holds back (true) or lets go (false) the restart after a crash; tests only. */
    holdRestarts(hold) {
      if (hold && !restartGate) {
        let open;
        const promise = new Promise((resolve) => {
          open = resolve;
        });
        restartGate = { promise, open };
      } else if (!hold && restartGate) {
        restartGate.open();
        restartGate = null;
      }
    },
    stop() {
      stopping = true;
      return auth.stop();
    },
  };
}

/**
 * An Auth emulator started elsewhere (shared-auth.mjs) for a fresh stack: its accounts are
 * emptied, so this stack starts with only its seed users, as one with its own emulator would.
 * Nothing restarts it; the stack does not own it and leaves it running when it stops.
 */
export async function attachSharedAuthEmulator({ upstream, projectId, exportDir }) {
  if (checkAuthExport(exportDir) !== 'missing') {
    throw new Error(`a shared Auth emulator serves fresh stacks only; ${exportDir} has accounts`);
  }
  const deadline = Date.now() + 180_000;
  // The emulators start beside the first stacks (test/jest-global-setup.mjs): wait for them.
  while (!(await httpAnswers(`http://${upstream}/`))) {
    if (Date.now() > deadline) throw new Error(`the shared Auth emulator ${upstream} is not up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const response = await fetch(`http://${upstream}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`emptying the shared Auth emulator: HTTP ${response.status}`);
  return {
    current: () => ({ pid: null }),
    ready: () => Promise.resolve(upstream),
    exited: new Promise(() => {}),
    stop: async () => {},
  };
}

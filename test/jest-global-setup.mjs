// Jest's globalSetup (jest.config.mjs): a block of ports per worker for the local Firebase stacks
// its files start (test/local-firebase-env.ts), the block's first port for the Auth emulator its
// fresh stacks share instead of starting one each (scripts/local-firebase/shared-auth.mjs says
// why). The first stack of a worker that needs it starts it, so a run of files that never use
// the local Firebase starts none; it stops with its worker.
//
// The blocks lie below the kernel's ephemeral range, which bind(0) and every outgoing connection
// draw from: a stack stopped and restarted on its ports finds them free again, and parallel
// workers never race for one port. The run's base is random, so two runs on one machine rarely
// share ports (and a port found taken is skipped).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

const LOWEST_PORT = 10_000;
const BLOCK = 400;

function ephemeralLow() {
  try {
    const [low] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    return Number(low) || 32_768;
  } catch {
    return 32_768;
  }
}

export default async function globalSetup(globalConfig) {
  // Run in band, the tests run in this process as worker 1.
  const workers = Math.max(1, globalConfig.maxWorkers);
  const room = ephemeralLow() - LOWEST_PORT - workers * BLOCK;
  if (room <= 0) return; // no room below the ephemeral range: stacks fall back to bind(0)
  const base = LOWEST_PORT + Math.floor(Math.random() * room);
  // The run's own name for the files its shared Auth emulators leave (test/shared-auth.ts).
  const run = randomBytes(4).toString('hex');
  process.env.LOCAL_FIREBASE_PORT_BLOCKS = JSON.stringify({ base, block: BLOCK, run });
}

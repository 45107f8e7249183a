// The processes `npm run bench:race` runs: one local Firebase (scripts/local-firebase/start.mjs),
// one or more standalone servers on it with the settings `npm start` gives them, and CPU hogs
// for the busy-machine runs. Everything listens on 127.0.0.1; every process started here is
// stopped by stopAll().
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const started = new Set();

function track(child, name) {
  started.add(child);
  child.once('exit', () => started.delete(child));
  child.benchName = name;
  return child;
}

/** Variables of the developer's shell that would change what is measured: never passed on. */
const TUNING = [
  'RATE_LIMIT_MULTIPLIER',
  'RATE_LIMIT_DEADLINE_MS',
  'BACKEND_DEADLINE_MS',
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_SERVICE_ACCOUNT',
  'LOCAL_FIREBASE_SEED_DELIVERY',
  'LOCAL_FIRESTORE_INDEXES',
  'NODE_OPTIONS',
  'SMTP_URL',
  'MAIL_FROM',
];

function cleanEnv(extra) {
  const env = { ...process.env };
  for (const name of TUNING) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('MERCADOPAGO_')) delete env[name];
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', METADATA_SERVER_DETECTION: 'none', ...extra };
}

/** Node's flags that write a CPU profile of the process into `dir`/`name` when it exits. */
function profileArgs(dir, name) {
  if (!dir) return [];
  const target = path.join(dir, name);
  mkdirSync(target, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${target}`];
}

/** Lines a process writes, as they come; resolves `until` when `match` shows up. */
function watchOutput(child, onLine) {
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
}

/**
 * Starts the local Firebase on `dataDir` (seeded with the shop's seed data, delivery table
 * included, when the folder is new). Resolves once it is ready, with its hosts, `operations()`
 * (the Firestore reads, writes and transactions it has served) and `stop()`.
 */
export async function startStack({ root = '.', dataDir, ports, profileDir, log }) {
  const child = track(
    spawn(
      process.execPath,
      [
        ...profileArgs(profileDir, 'firebase'),
        'scripts/local-firebase/start.mjs',
        '--data-dir',
        dataDir,
        '--no-reuse',
        '--exit-with-stdin',
      ],
      {
        cwd: root,
        env: cleanEnv({
          AUTH_EMULATOR_PORT: String(ports.auth),
          FIRESTORE_EMULATOR_PORT: String(ports.firestore),
          EMULATOR_HUB_PORT: String(ports.hub),
          EMULATOR_LOGGING_PORT: String(ports.logging),
          // The Auth emulator's process gets its own profile (./auth-watchdog.mjs).
          ...(profileDir
            ? { LOCAL_FIREBASE_CPU_PROF_DIR: path.join(profileDir, 'auth-emulator') }
            : {}),
        }),
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    ),
    'local Firebase',
  );
  let output = '';
  const answers = [];
  let onReady;
  const ready = new Promise((resolve, reject) => {
    onReady = resolve;
    child.once('exit', (code) => reject(new Error(`local Firebase exited (${code}):\n${output}`)));
    setTimeout(() => reject(new Error(`local Firebase not ready:\n${output}`)), 180_000).unref();
  });
  watchOutput(child, (line) => {
    output = (output + line + '\n').slice(-10_000);
    const readyLine = /^LOCAL_FIREBASE_READY (.*)$/.exec(line);
    if (readyLine) onReady(JSON.parse(readyLine[1]));
    const counted = /^LOCAL_FIREBASE_OPERATIONS (.*)$/.exec(line);
    if (counted) answers.shift()?.(JSON.parse(counted[1]));
    if (/error|stopped|crash/i.test(line) && !line.startsWith('LOCAL_FIREBASE')) log?.(line);
  });
  const hosts = await ready;
  return {
    ...hosts,
    pid: child.pid,
    /** Null from a local Firebase that does not count them (an older checkout). */
    operations: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          const index = answers.indexOf(answer);
          if (index >= 0) answers.splice(index, 1);
          resolve(null);
        }, 3000);
        const answer = (value) => {
          clearTimeout(timer);
          resolve(value);
        };
        answers.push(answer);
        child.stdin.write('operations\n');
      }),
    stop: () => stopProcess(child),
  };
}

/** What the instances take as the scheduler's secret, so the bench can run the expiry cron. */
export const BENCH_CRON_SECRET = 'bench-cron-secret-0123456789';

/**
 * Starts the standalone server (`server`, .next/standalone/server.js) on `port`, on the stack,
 * as `npm start` runs it against the local Firebase (NODE_ENV=production, the real rate limits),
 * behind one trusted proxy hop, with Mercado Pago's API at `mercadoPago`. `onEvent` gets each
 * JSON log line. Resolves once it answers.
 */
export async function startInstance({
  server,
  port,
  stack,
  dataDir,
  mercadoPago,
  profileDir,
  name,
  onEvent,
}) {
  const child = track(
    spawn(process.execPath, [...profileArgs(profileDir, name), server], {
      env: cleanEnv({
        NODE_ENV: 'production',
        HOSTNAME: '127.0.0.1',
        PORT: String(port),
        // What scripts/local-firebase/with-local-firebase.mjs gives the app (emulatorEnv).
        FIRESTORE_EMULATOR_HOST: stack.firestoreHost,
        FIREBASE_AUTH_EMULATOR_HOST: stack.authHost,
        GCLOUD_PROJECT: stack.projectId,
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: stack.projectId,
        ALLOW_EMULATORS_IN_PRODUCTION: '1',
        LOCAL_FIREBASE_DATA_DIR: dataDir,
        // Each shopper's address is the entry the one proxy in front appended.
        TRUSTED_PROXY_HOPS: '1',
        MERCADOPAGO_PUBLIC_KEY: 'TEST-bench-public-key',
        MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: 'bench-webhook-secret',
        MERCADOPAGO_API_BASE_URL: mercadoPago.baseUrl,
        CEP_LOOKUP_BASE_URL: 'off',
        CRON_SECRET: BENCH_CRON_SECRET,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    name,
  );
  let output = '';
  watchOutput(child, (line) => {
    output = (output + line + '\n').slice(-10_000);
    if (!line.startsWith('{')) return;
    try {
      onEvent(JSON.parse(line), name);
    } catch {
      // not a log line
    }
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, name, pid: child.pid, stop: () => stopProcess(child), output: () => output };
}

/** Two processes spinning on a core each, as a busy shared machine has them. */
export function startHogs(count = 2) {
  const hogs = Array.from({ length: count }, (_, i) =>
    track(spawn(process.execPath, ['-e', 'for(;;);'], { stdio: 'ignore' }), `hog ${i + 1}`),
  );
  return () => Promise.all(hogs.map((hog) => stopProcess(hog)));
}

/**
 * Runs the expiry cron until it finds no unpaid order past its deadline: in production it runs
 * every few minutes, so a launch does not start on a backlog of them (a kept Easter week ages).
 */
export async function runExpiryCron(instance) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(`${instance.base}/api/cron/expire-orders`, {
      headers: { authorization: `Bearer ${BENCH_CRON_SECRET}` },
    });
    if (response.ok && (await response.json()).expired.length === 0) return;
    // 503: the run goes on after its answer; the next call picks up what it left.
    await sleep(1000);
  }
  throw new Error('the expiry cron still finds orders to expire after 20 runs');
}

/**
 * Waits, at most `ms`, until the 1-minute load is under `limit`: the targets are for a quiet
 * machine, and the set-up's own work (seeding, 200 sign-ins) leaves the load above 2 for a while.
 */
export async function loadUnder(limit, ms) {
  const until = Date.now() + ms;
  while (os.loadavg()[0] >= limit && Date.now() < until) await sleep(1000);
}

/** SIGTERM, then SIGKILL after 15 s; resolves when the process has exited. */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every process this module started (on any exit path of the bench). */
export function stopAll() {
  return Promise.all([...started].map((child) => stopProcess(child)));
}

/** Kills every process this module started, at once (the process is exiting). */
export function killAll() {
  for (const child of started) child.kill('SIGKILL');
}

/** The CPU time (ms, user + system) process `pid` has used so far; 0 when it is gone. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Every process descending from `pid` (its children, theirs, ...), from /proc. */
function descendantsOf(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), parent);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const visit = (parent) => {
    for (const [child, of] of parents) {
      if (of === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/**
 * CPU used so far by the bench's processes, in ms: each app instance, the local Firebase's own
 * process (the Firestore emulator, the Auth front) and the Auth emulator (its children).
 */
export function cpuByProcess(stack, instances) {
  const usage = { firestore: cpuMsOf(stack.pid), auth: 0 };
  for (const pid of descendantsOf(stack.pid)) usage.auth += cpuMsOf(pid);
  for (const instance of instances) usage[instance.name] = cpuMsOf(instance.pid);
  usage.bench = Math.round(process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000);
  return usage;
}

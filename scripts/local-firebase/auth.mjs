import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const FIREBASE_BIN = path.join(
  path.dirname(require.resolve('firebase-tools/package.json')),
  'lib/bin/firebase.js',
);
const WATCHDOG = fileURLToPath(new URL('./auth-watchdog.mjs', import.meta.url));
const LAZY_VALIDATORS = fileURLToPath(new URL('./lazy-auth-validators.mjs', import.meta.url));
const METADATA_FILE = 'firebase-export-metadata.json';

export async function httpAnswers(url, timeoutMs = 1000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export function portAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Returns 'missing', 'valid' or an error message describing why the export is unusable. */
export function checkAuthExport(exportDir) {
  if (!fs.existsSync(path.join(exportDir, METADATA_FILE))) return 'missing';
  try {
    const pending = [exportDir];
    while (pending.length > 0) {
      const dir = pending.pop();
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) pending.push(file);
        else if (entry.name.endsWith('.json')) JSON.parse(fs.readFileSync(file, 'utf8'));
      }
    }
    const metadata = JSON.parse(fs.readFileSync(path.join(exportDir, METADATA_FILE), 'utf8'));
    if (metadata.auth?.path) {
      const accounts = path.join(exportDir, metadata.auth.path, 'accounts.json');
      const data = JSON.parse(fs.readFileSync(accounts, 'utf8'));
      if (!Array.isArray(data.users)) throw new Error(`${accounts} has no users list`);
    }
    return 'valid';
  } catch (error) {
    return error.message;
  }
}

/**
 * Starts the Firebase Auth emulator (firebase-tools) as a child process, in its own process
 * group, that imports `exportDir` at start. Resolves once it answers on its port.
 */
export async function startAuthEmulator({
  dataDir,
  exportDir,
  port,
  hubPort,
  loggingPort,
  projectId,
  log = console.log,
  verbose = false,
  readyTimeoutMs = 120_000,
}) {
  // Otherwise the readiness check below would mistake another emulator for ours.
  if (await portAnswers(port)) {
    throw new Error(
      `Port ${port} is already in use (another emulator?); set AUTH_EMULATOR_PORT to another port`,
    );
  }
  const runtimeDir = path.join(dataDir, 'runtime');
  const tmpDir = path.join(runtimeDir, 'tmp');
  // Locator files of an emulator that crashed would point firebase-tools at a dead hub.
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const configFile = path.join(runtimeDir, 'firebase.json');
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      // Unset ports are picked free near 4400 / 4500 by firebase-tools.
      hub: { host: '127.0.0.1', ...(hubPort ? { port: hubPort } : {}) },
      logging: { host: '127.0.0.1', ...(loggingPort ? { port: loggingPort } : {}) },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);

  const env = { ...process.env };
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_EMULATOR_HUB',
    'GCLOUD_PROJECT',
    'GOOGLE_APPLICATION_CREDENTIALS',
  ]) {
    delete env[name];
  }
  // firebase-tools finds its hub through a locator file in the temp dir, named by project id:
  // a private temp dir keeps a second stack (tests) from exporting the other stack's data.
  env.TMPDIR = tmpDir;
  env.NO_UPDATE_NOTIFIER = '1';
  env.CI = '1';
  // Preloaded by the CLI (and the watchdog, where it does nothing): see the file.
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import ${JSON.stringify(LAZY_VALIDATORS)}`.trim();

  const args = [
    WATCHDOG,
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    configFile,
    // No --export-on-exit: scripts/local-firebase/auth-front.mjs exports after every change, and
    // an exit-time export racing a restarted emulator could overwrite newer accounts.
    ...(fs.existsSync(path.join(exportDir, METADATA_FILE)) ? ['--import', exportDir] : []),
  ];
  // Own process group: a terminal Ctrl-C reaches only us, and we stop the emulator once, cleanly.
  const child = spawn(process.execPath, args, {
    cwd: runtimeDir,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const recent = [];
  // The port answers before the import has run: only this line says the users are loaded.
  let imported = false;
  const onOutput = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      if (line.includes('All emulators ready')) imported = true;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (verbose) log(`[auth-emulator] ${line}`);
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  child.stdin.on('error', () => {});

  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
  });

  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  while (!(imported && (await httpAnswers(`http://${host}/`)))) {
    if (exitInfo || Date.now() > deadline) {
      if (!exitInfo) process.kill(-child.pid, 'SIGKILL');
      throw new Error(
        `Auth emulator did not start on ${host} (${exitInfo ? `exited ${exitInfo.code ?? exitInfo.signal}` : 'timeout'}):\n${recent.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  let stopping = null;
  return {
    host,
    /** The process group of the emulator (watchdog and CLI). */
    pid: child.pid,
    /** Resolves if the emulator process ends (expectedly or not). */
    exited,
    stop() {
      stopping ??= (async () => {
        if (exitInfo) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }, 20_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

// Runs the Firebase CLI and stops it (gracefully, so it exports its data) when our parent goes
// away: the parent holds our stdin, which closes however the parent dies, even on SIGKILL.
import { spawn } from 'node:child_process';

const [bin, ...args] = process.argv.slice(2);
// LOCAL_FIREBASE_CPU_PROF_DIR (npm run bench:race -- --profile): a CPU profile of the emulator.
const profileDir = process.env.LOCAL_FIREBASE_CPU_PROF_DIR;
const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const child = spawn(process.execPath, [...profile, bin, ...args], {
  stdio: ['ignore', 'pipe', 'pipe'],
});

// The parent may be gone: a failed write must not kill us before the CLI has exported.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
child.stdout.on('data', (chunk) => process.stdout.write(chunk));
child.stderr.on('data', (chunk) => process.stderr.write(chunk));

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
}

process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);

child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

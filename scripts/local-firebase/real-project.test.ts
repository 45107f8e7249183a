// The local launchers start the emulators only when no real project is configured: a key, or the
// web app's settings alone (a server on the platform's Application Default Credentials, which
// lib/env.ts then accepts or refuses). The local stack itself never sets the web app's API key.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function realProjectConfigured(env: Record<string, string>): boolean {
  const script =
    `import { realProjectConfigured } from './scripts/local-firebase/real-project.mjs';` +
    `process.stdout.write(JSON.stringify(realProjectConfigured(${JSON.stringify(env)})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return JSON.parse(out.toString()) as boolean;
}

test('a key or the web app settings mean a real project; the local stack variables do not', () => {
  expect(realProjectConfigured({ FIREBASE_SERVICE_ACCOUNT: '{"project_id":"shop"}' })).toBe(true);
  expect(
    realProjectConfigured({ NEXT_PUBLIC_FIREBASE_API_KEY: 'AIza-key', K_SERVICE: 'shop' }),
  ).toBe(true);
  expect(realProjectConfigured({})).toBe(false);
  // What emulatorEnv() gives the app: the demo project id, never an API key.
  expect(
    realProjectConfigured({
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-chocolate-shop',
      GCLOUD_PROJECT: 'demo-chocolate-shop',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    }),
  ).toBe(false);
  expect(
    realProjectConfigured({ FIREBASE_SERVICE_ACCOUNT: ' ', NEXT_PUBLIC_FIREBASE_API_KEY: '' }),
  ).toBe(false);
});

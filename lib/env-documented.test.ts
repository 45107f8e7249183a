// Every variable lib/env.ts reads is named in the environment table of docs/operations.md (which
// README's Configuration and Deploy point to), so whoever deploys the shop learns about each
// one. Names are collected twice: from the source's quoted names and by watching which ones
// parseEnv actually reads in each kind of configuration.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parseEnv, type EnvRecord } from './env';

const root = path.join(__dirname, '..');
// parseEnv, its parts (env-firebase.ts, env-services.ts) and the parser it hands the client
// address to (lib/security/client-address.ts).
const source = ['env.ts', 'env-firebase.ts', 'env-services.ts', 'security/client-address.ts']
  .map((file) => readFileSync(path.join(__dirname, file), 'utf8'))
  .join('\n');
const operations = readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');

function environmentSection(): string {
  const start = operations.indexOf('\n## Environment variables\n');
  if (start < 0) throw new Error('docs/operations.md has no "## Environment variables" section');
  const end = operations.indexOf('\n## ', start + 1);
  return operations.slice(start, end < 0 ? undefined : end);
}

function namesInSource(): Set<string> {
  return new Set(
    [...source.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g)].map((m) => m[1]!),
  );
}

/** The names parseEnv looks up for one configuration. */
function namesRead(values: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const record = new Proxy(values, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      read.add(name);
      return target[name];
    },
  }) as EnvRecord;
  try {
    parseEnv(record);
  } catch {
    // Invalid configurations still read their variables.
  }
  return read;
}

const account = JSON.stringify({
  project_id: 'shop',
  client_email: 'a@shop.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
});
const configurations: Record<string, string>[] = [
  {},
  { FIRESTORE_EMULATOR_HOST: '127.0.0.1:1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:2' },
  {
    NODE_ENV: 'production',
    VERCEL: '1',
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:1',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:2',
  },
  {
    NODE_ENV: 'production',
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:1',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:2',
  },
  {
    FIREBASE_SERVICE_ACCOUNT: account,
    NEXT_PUBLIC_FIREBASE_API_KEY: 'k',
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'shop',
    NEXT_PUBLIC_FIREBASE_APP_ID: 'a',
    MERCADOPAGO_PUBLIC_KEY: 'p',
    MERCADOPAGO_ACCESS_TOKEN: 't',
    MERCADOPAGO_WEBHOOK_SECRET: 's',
  },
  // No key: the credential check reads the platform's variables.
  {
    NEXT_PUBLIC_FIREBASE_API_KEY: 'k',
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'shop',
    NEXT_PUBLIC_FIREBASE_APP_ID: 'a',
  },
];

test('the source and parseEnv agree on the variables (the scan misses none)', () => {
  const read = new Set(configurations.flatMap((values) => [...namesRead(values)]));
  expect([...read].filter((name) => !namesInSource().has(name))).toEqual([]);
  expect(read.size).toBeGreaterThan(10);
});

test('every variable lib/env.ts reads is named in the environment table of docs/operations.md', () => {
  const section = environmentSection();
  const undocumented = [...namesInSource()].filter((name) => !section.includes(`\`${name}\``));
  expect(undocumented).toEqual([]);
});

// `npm run setup:firebase -- --project <id> --admin-email <email>`: makes a real Firebase project
// ready for the shop, safely run again at every deployment.
//   1. deploys firestore.rules and the composite indexes of firestore.indexes.json through
//      firebase-tools (a devDependency of this repository: run it from a full install);
//   2. creates the first admin (an Auth user with that e-mail, if none exists, who then sets a
//      password through 'forgot password' or signs in with Google) or promotes the existing one;
//   3. creates the stock document of every catalogue product (10 units, as the shop starts) only
//      where none exists: stock already set in the panel is never touched;
//   4. creates the delivery table (settings/delivery) if there is none, likewise.
// Refuses the local demo project (`demo-…`). Credentials: FIREBASE_SERVICE_ACCOUNT (a key's JSON)
// when set, otherwise Application Default Credentials (`gcloud auth application-default login`,
// or the platform's service account on Cloud Run and App Hosting); it stops at once when none
// are found. `--dry-run` prints the credentials it found, every command and every read or write it
// would make, and makes none.
// `--skip-deploy` leaves the rules and indexes alone (the tests, which run on the emulators).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import {
  INVENTORY_KEYS,
  SEED_DELIVERY,
  SEED_PRODUCTS,
  SEED_STOCK,
  seedCatalogue,
} from './local-firebase/seed.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const ALREADY_EXISTS = 6;
// As lib/users/repository.ts creates a user's document (lib/users/types.ts DEFAULT_ADDRESS).
const DEFAULT_ADDRESS = {
  extra: 'No complement',
  number: 'No number',
  postalCode: 'No postal code',
  street: 'No street',
  city: 'No city',
};

/** The firebase-tools command that deploys the rules and indexes. */
export function deployCommand(projectId) {
  return [
    join(ROOT, 'node_modules', '.bin', 'firebase'),
    'deploy',
    '--only',
    'firestore:rules,firestore:indexes,storage',
    '--project',
    projectId,
    '--non-interactive',
  ];
}

/**
 * Which credentials firebase-admin will use here, and whether any were found, in the order it
 * looks for them: the emulators need none; a key in FIREBASE_SERVICE_ACCOUNT; then Application
 * Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, `gcloud auth application-default login`'s
 * file, or a Google Cloud platform's metadata server).
 */
export function findCredentials(env, exists = existsSync, home = homedir()) {
  if (env.FIRESTORE_EMULATOR_HOST) {
    return {
      found: true,
      description: `none needed (emulators at ${env.FIRESTORE_EMULATOR_HOST})`,
    };
  }
  if (env.FIREBASE_SERVICE_ACCOUNT?.trim()) {
    try {
      const key = JSON.parse(env.FIREBASE_SERVICE_ACCOUNT);
      if (key.client_email && key.private_key) {
        return { found: true, description: `FIREBASE_SERVICE_ACCOUNT (${key.client_email})` };
      }
    } catch {
      // described below
    }
    return {
      found: false,
      description: "FIREBASE_SERVICE_ACCOUNT is set but is not a service account key's JSON",
    };
  }
  const file = env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  if (file) {
    return exists(file)
      ? { found: true, description: `Application Default Credentials (${file})` }
      : {
          found: false,
          description: `GOOGLE_APPLICATION_CREDENTIALS names ${file}, which does not exist`,
        };
  }
  const gcloudDir =
    env.CLOUDSDK_CONFIG ??
    (process.platform === 'win32' && env.APPDATA
      ? join(env.APPDATA, 'gcloud')
      : join(home, '.config', 'gcloud'));
  const gcloudFile = join(gcloudDir, 'application_default_credentials.json');
  if (exists(gcloudFile)) {
    return { found: true, description: `Application Default Credentials (${gcloudFile})` };
  }
  if (
    env.K_SERVICE ||
    env.GOOGLE_CLOUD_PROJECT ||
    env.GAE_SERVICE ||
    env.FIREBASE_USE_ADC === '1'
  ) {
    return {
      found: true,
      description: "Application Default Credentials (this Google Cloud platform's service account)",
    };
  }
  return {
    found: false,
    description:
      'none found: set FIREBASE_SERVICE_ACCOUNT to a key, or run `gcloud auth application-default login`',
  };
}

function fail(message) {
  console.error(`setup:firebase: ${message}`);
  process.exit(1);
}

function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      project: { type: 'string' },
      'admin-email': { type: 'string' },
      'shop-id': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'skip-deploy': { type: 'boolean', default: false },
    },
  });
  const projectId = values.project ?? '';
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(projectId)) {
    fail('--project <id> is required (a Firebase project id, e.g. chocolates-tropicais)');
  }
  if (projectId.startsWith('demo-')) {
    fail(`${projectId} is the local demo project: give the real project's id`);
  }
  const adminEmail = values['admin-email'];
  if (adminEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(adminEmail)) {
    fail('--admin-email must be an e-mail address');
  }
  const shopId = values['shop-id'] ?? process.env.SHOP_ID ?? 'chocolate-shop';
  return {
    projectId,
    adminEmail,
    shopId,
    dryRun: values['dry-run'],
    skipDeploy: values['skip-deploy'],
  };
}

function appOptions(projectId) {
  const { cert } = require('firebase-admin/app');
  const key = process.env.FIREBASE_SERVICE_ACCOUNT;
  // Without a key, firebase-admin uses Application Default Credentials.
  return key ? { projectId, credential: cert(JSON.parse(key)) } : { projectId };
}

async function ensureAdmin(auth, db, shopId, email) {
  let user;
  let created = false;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if (error?.code !== 'auth/user-not-found') throw error;
    user = await auth.createUser({ email, emailVerified: false });
    created = true;
  }
  const ref = db.doc(`projects/${shopId}/users/${user.uid}`);
  const outcome = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) {
      transaction.create(ref, {
        address: DEFAULT_ADDRESS,
        authUID: user.uid,
        email,
        name: user.displayName || 'No name',
        isAdmin: true,
        isMember: false,
        isOwner: false,
        telephone: '',
        avatarURL: user.photoURL ?? '',
      });
      return 'created';
    }
    if (snapshot.get('isAdmin') === true) return 'unchanged';
    transaction.update(ref, { isAdmin: true });
    return 'promoted';
  });
  return { uid: user.uid, authUser: created ? 'created' : 'existing', document: outcome };
}

async function seedStock(db, shopId) {
  const created = [];
  for (const key of INVENTORY_KEYS) {
    try {
      await db.doc(`projects/${shopId}/inventory/${key}`).create({ stock: SEED_STOCK });
      created.push(key);
    } catch (error) {
      if (error?.code !== ALREADY_EXISTS) throw error;
    }
  }
  return created;
}

/** Creates the delivery table unless one exists (the admin's own is never touched). */
async function seedDelivery(db, shopId) {
  try {
    await db.doc(`projects/${shopId}/settings/delivery`).create(SEED_DELIVERY);
    return 'created';
  } catch (error) {
    if (error?.code !== ALREADY_EXISTS) throw error;
    return 'already set';
  }
}

export async function main(argv) {
  const { projectId, adminEmail, shopId, dryRun, skipDeploy } = options(argv);
  const credentials = findCredentials(process.env);
  console.log(
    `setup:firebase: project ${projectId}, shop ${shopId}, credentials: ${credentials.description}`,
  );
  // A real run would stop at its first call; a dry run still lists what it would do.
  if (!credentials.found && !dryRun) fail(`no usable credentials: ${credentials.description}`);
  const deploy = deployCommand(projectId);
  if (skipDeploy) console.log('rules, indexes and storage rules: skipped (--skip-deploy)');
  else if (dryRun) console.log(`would run: ${deploy.join(' ')}`);
  else {
    console.log(`running: ${deploy.join(' ')}`);
    const { status } = spawnSync(deploy[0], deploy.slice(1), { cwd: ROOT, stdio: 'inherit' });
    if (status !== 0) fail(`firebase-tools deploy failed (exit ${status})`);
  }
  if (dryRun) {
    if (adminEmail) {
      console.log(`would call: auth.getUserByEmail(${adminEmail}), auth.createUser if absent`);
      console.log(`would set: projects/${shopId}/users/<uid> isAdmin=true (created if absent)`);
    }
    for (const key of INVENTORY_KEYS) {
      console.log(
        `would create if absent: projects/${shopId}/inventory/${key} {stock: ${SEED_STOCK}}`,
      );
    }
    console.log(`would create if absent: projects/${shopId}/settings/delivery (the seed table)`);
    console.log(
      `would create if the shop has no product: projects/${shopId}/products/{key} ` +
        `(the ${SEED_PRODUCTS.length} products of the seed)`,
    );
    if (!credentials.found) fail(`a real run would stop: no usable credentials`);
    return;
  }
  const { initializeApp, deleteApp } = require('firebase-admin/app');
  const { getAuth } = require('firebase-admin/auth');
  const { getFirestore, FieldValue } = require('firebase-admin/firestore');
  const app = initializeApp(appOptions(projectId), `setup-${Date.now()}`);
  try {
    const db = getFirestore(app);
    if (adminEmail) {
      const admin = await ensureAdmin(getAuth(app), db, shopId, adminEmail);
      console.log(
        `admin: uid ${admin.uid}, Auth user ${admin.authUser}, document ${admin.document}`,
      );
    } else console.log('admin: none given (--admin-email)');
    const seeded = await seedStock(db, shopId);
    console.log(
      `stock: ${seeded.length} created (${seeded.join(', ') || 'none'}), ` +
        `${INVENTORY_KEYS.length - seeded.length} already set`,
    );
    console.log(`delivery table: ${await seedDelivery(db, shopId)}`);
    const catalogue = await seedCatalogue(db, shopId, { FieldValue });
    console.log(
      catalogue
        ? `catalogue: ${SEED_PRODUCTS.length} products of the seed created`
        : 'catalogue: already set (products are edited in the panel)',
    );
    await db.terminate();
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error) => fail(`${error?.code ?? ''} ${error?.message}`));
}

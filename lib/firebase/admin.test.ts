// The firebase-admin app is created with the credential lib/env.ts chose: the key when one is
// configured, the platform's Application Default Credentials otherwise, none with the emulators.
import { applicationDefault, cert, initializeApp } from 'firebase-admin/app';

import { getEnv, type Env } from '@/lib/env';

import { getAdminApp } from './admin';

jest.mock('firebase-admin/app', () => ({
  applicationDefault: jest.fn(() => 'application-default-credential'),
  cert: jest.fn(() => 'key-credential'),
  getApps: jest.fn(() => []),
  getApp: jest.fn(),
  initializeApp: jest.fn(() => ({ name: 'chocolate-shop' })),
}));
jest.mock('@/lib/env', () => ({ getEnv: jest.fn() }));

const client = { apiKey: 'k', authDomain: 'd', projectId: 'chocolates-prod', appId: 'a' };

function withFirebase(firebase: Env['firebase']) {
  jest.mocked(getEnv).mockReturnValue({ firebase } as Env);
}

beforeEach(() => jest.clearAllMocks());

test('a real project without a key initialises with Application Default Credentials', () => {
  withFirebase({ mode: 'real', projectId: 'chocolates-prod', serviceAccount: null, client });
  getAdminApp();
  expect(applicationDefault).toHaveBeenCalledTimes(1);
  expect(cert).not.toHaveBeenCalled();
  expect(initializeApp).toHaveBeenCalledWith(
    { credential: 'application-default-credential', projectId: 'chocolates-prod' },
    'chocolate-shop',
  );
});

test('a real project with a key initialises with that key', () => {
  const serviceAccount = {
    projectId: 'chocolates-prod',
    clientEmail: 'server@chocolates-prod.iam.gserviceaccount.com',
    privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
  };
  withFirebase({ mode: 'real', projectId: 'chocolates-prod', serviceAccount, client });
  getAdminApp();
  expect(cert).toHaveBeenCalledWith(serviceAccount);
  expect(applicationDefault).not.toHaveBeenCalled();
  expect(initializeApp).toHaveBeenCalledWith(
    { credential: 'key-credential', projectId: 'chocolates-prod' },
    'chocolate-shop',
  );
});

test('the local Firebase gets the project id only (the emulators need no credential)', () => {
  withFirebase({
    mode: 'local',
    projectId: 'demo-chocolate-shop',
    firestoreEmulatorHost: '127.0.0.1:8080',
    authEmulatorHost: '127.0.0.1:9099',
    storageEmulatorHost: null,
  });
  getAdminApp();
  expect(applicationDefault).not.toHaveBeenCalled();
  expect(cert).not.toHaveBeenCalled();
  expect(initializeApp).toHaveBeenCalledWith(
    { projectId: 'demo-chocolate-shop' },
    'chocolate-shop',
  );
});

// The browser's Firebase config for a real project: the public web config and its optional
// Analytics/Storage settings, never the service account. (The local mode is covered against the
// emulators in app/api/session/route.test.ts.)
import { parseEnv } from '@/lib/env';

const REAL_ENV = {
  NODE_ENV: 'production',
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    project_id: 'chocolates-prod',
    client_email: 'server@chocolates-prod.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\\nsecret\\n-----END PRIVATE KEY-----\\n',
  }),
  NEXT_PUBLIC_FIREBASE_API_KEY: 'api-key',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'chocolates-prod.firebaseapp.com',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'chocolates-prod',
  NEXT_PUBLIC_FIREBASE_APP_ID: '1:123:web:abc',
  // A production start on a real project needs SMTP or this explicit choice (lib/env.ts).
  MAIL_DISABLED: '1',
};

let record: Record<string, string> = REAL_ENV;
jest.mock('@/lib/env', () => {
  const actual = jest.requireActual<typeof import('@/lib/env')>('@/lib/env');
  return { ...actual, getEnv: () => actual.parseEnv(record) };
});

import { GET } from './route';

describe('GET /api/auth/config for a real project', () => {
  it('gives the web config, with Analytics and Storage when configured', async () => {
    record = {
      ...REAL_ENV,
      NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-ABC123',
      NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET: 'chocolates-prod.appspot.com',
    };
    const response = GET();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toEqual({
      apiKey: 'api-key',
      authDomain: 'chocolates-prod.firebaseapp.com',
      projectId: 'chocolates-prod',
      appId: '1:123:web:abc',
      measurementId: 'G-ABC123',
      storageBucket: 'chocolates-prod.appspot.com',
      emulatorUrl: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/PRIVATE KEY|client_email|server@/);
  });

  it('leaves Analytics and Storage out when they are not set', async () => {
    record = REAL_ENV;
    const body = await GET().json();
    expect(body).not.toHaveProperty('measurementId');
    expect(body).not.toHaveProperty('storageBucket');
    expect(parseEnv(REAL_ENV).firebase.mode).toBe('real');
  });
});

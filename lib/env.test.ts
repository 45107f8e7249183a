import { EnvError, parseEnv, type EnvRecord } from '@/lib/env';
import { firebaseCredentialMode } from '@/lib/env-firebase';

const LOCAL: EnvRecord = {
  NODE_ENV: 'development',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  GCLOUD_PROJECT: 'demo-chocolate-shop',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-chocolate-shop',
};

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'chocolates-prod',
  client_email: 'server@chocolates-prod.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
});

const REAL: EnvRecord = {
  NODE_ENV: 'production',
  FIREBASE_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
  NEXT_PUBLIC_FIREBASE_API_KEY: 'api-key',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'chocolates-prod.firebaseapp.com',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'chocolates-prod',
  NEXT_PUBLIC_FIREBASE_APP_ID: '1:123:web:abc',
  MAIL_DISABLED: '1',
};

const MERCADOPAGO: EnvRecord = {
  MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-secret-token',
  MERCADOPAGO_WEBHOOK_SECRET: 'webhook-secret',
};

const PUBLIC_SITE: EnvRecord = { NEXT_PUBLIC_SITE_URL: 'https://chocolates.example' };

function problemsOf(record: EnvRecord): string {
  try {
    parseEnv(record);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
  throw new Error('expected parseEnv to throw');
}

describe('parseEnv', () => {
  it('accepts the local emulator configuration with defaults', () => {
    expect(parseEnv(LOCAL)).toEqual({
      nodeEnv: 'development',
      shopId: 'chocolate-shop',
      firebase: {
        mode: 'local',
        projectId: 'demo-chocolate-shop',
        firestoreEmulatorHost: '127.0.0.1:8080',
        authEmulatorHost: '127.0.0.1:9099',
        storageEmulatorHost: null,
      },
      mercadoPago: null,
      mail: null,
      orders: { paymentExpiryMinutes: 30, manualHoldHours: 24, cronSecret: null },
      clientAddress: { source: 'socket' },
      cepLookup: { baseUrl: 'https://viacep.com.br/ws' },
    });
  });

  it('takes the client address from the platform, and refuses a contradictory setting', () => {
    expect(parseEnv({ ...LOCAL, K_SERVICE: 'shop' }).clientAddress).toEqual({ source: 'google' });
    expect(parseEnv({ ...LOCAL, TRUSTED_PROXY_HOPS: '2' }).clientAddress).toEqual({
      source: 'hops',
      hops: 2,
    });
    expect(problemsOf({ ...LOCAL, CLIENT_ADDRESS_SOURCE: 'header' })).toContain(
      'CLIENT_ADDRESS_SOURCE must be one of vercel, google, hops, socket',
    );
    expect(
      problemsOf({ ...LOCAL, CLIENT_ADDRESS_SOURCE: 'vercel', TRUSTED_PROXY_HOPS: '1' }),
    ).toContain('TRUSTED_PROXY_HOPS is set but CLIENT_ADDRESS_SOURCE is vercel');
    expect(problemsOf({ ...LOCAL, TRUSTED_PROXY_HOPS: '0' })).toContain(
      'TRUSTED_PROXY_HOPS must be a whole number from 1 to 10',
    );
  });

  it('refuses a production server on a real project without SMTP unless MAIL_DISABLED=1', () => {
    expect(problemsOf({ ...REAL, MAIL_DISABLED: undefined })).toMatch(
      /no e-mail: set SMTP_URL, MAIL_FROM to send order e-mails, or MAIL_DISABLED=1/,
    );
    expect(parseEnv(REAL).mail).toBeNull();
    // Development, and the local Firebase with its outbox, need neither.
    expect(
      parseEnv({ ...REAL, MAIL_DISABLED: undefined, NODE_ENV: 'development' }).mail,
    ).toBeNull();
  });

  it('writes e-mail to the local outbox, or sends over SMTP when both variables are set', () => {
    expect(parseEnv({ ...LOCAL, LOCAL_FIREBASE_DATA_DIR: '/tmp/shop-data' }).mail).toEqual({
      mode: 'outbox',
      directory: '/tmp/shop-data/outbox',
      from: 'Chocolates Tropicais <loja@chocolates.local>',
      shopAddress: 'pedidos@chocolates.local',
    });
    const smtp = {
      ...LOCAL,
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Loja <loja@example.com>',
    };
    expect(parseEnv(smtp).mail).toEqual({
      mode: 'smtp',
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Loja <loja@example.com>',
      shopAddress: 'loja@example.com',
    });
    expect(parseEnv({ ...smtp, SHOP_ORDERS_EMAIL: 'pedidos@example.com' }).mail).toMatchObject({
      shopAddress: 'pedidos@example.com',
    });
    expect(() => parseEnv({ ...LOCAL, SMTP_URL: 'smtp://smtp.example.com' })).toThrow(
      /half-set e-mail: SMTP_URL set but MAIL_FROM missing/,
    );
    expect(() => parseEnv({ ...smtp, SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL/);
  });

  it('reads the payment expiry and the cron secret', () => {
    const env = parseEnv({
      ...LOCAL,
      ORDER_PAYMENT_EXPIRY_MINUTES: '45',
      CRON_SECRET: 'a-long-enough-cron-secret',
    });
    expect(env.orders).toEqual({
      paymentExpiryMinutes: 45,
      manualHoldHours: 24,
      cronSecret: 'a-long-enough-cron-secret',
    });
    expect(() => parseEnv({ ...LOCAL, ORDER_PAYMENT_EXPIRY_MINUTES: '0' })).toThrow(
      /ORDER_PAYMENT_EXPIRY_MINUTES/,
    );
    expect(() => parseEnv({ ...LOCAL, CRON_SECRET: 'short' })).toThrow(/CRON_SECRET/);
  });

  it('accepts a real project, unescaping the private key', () => {
    const env = parseEnv({ ...REAL, SHOP_ID: 'loja-sp', ...MERCADOPAGO, ...PUBLIC_SITE });
    expect(env.shopId).toBe('loja-sp');
    expect(env.firebase).toEqual({
      mode: 'real',
      projectId: 'chocolates-prod',
      serviceAccount: {
        projectId: 'chocolates-prod',
        clientEmail: 'server@chocolates-prod.iam.gserviceaccount.com',
        privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
      },
      client: {
        apiKey: 'api-key',
        authDomain: 'chocolates-prod.firebaseapp.com',
        projectId: 'chocolates-prod',
        appId: '1:123:web:abc',
      },
    });
    expect(env.mercadoPago).toEqual({
      publicKey: 'APP_USR-public',
      accessToken: 'APP_USR-secret-token',
      webhookSecret: 'webhook-secret',
      apiBaseUrl: 'https://api.mercadopago.com',
    });
  });

  it('passes the optional Analytics and Storage settings of a real project to the client', () => {
    const env = parseEnv({
      ...REAL,
      NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-ABC123',
      NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET: 'chocolates-prod.appspot.com',
    });
    expect(env.firebase.mode === 'real' && env.firebase.client).toMatchObject({
      measurementId: 'G-ABC123',
      storageBucket: 'chocolates-prod.appspot.com',
    });
    const without = parseEnv(REAL);
    expect(without.firebase.mode === 'real' && without.firebase.client.measurementId).toBe(
      undefined,
    );
  });

  it('uses the platform credentials of a real project when no key is set', () => {
    const withoutKey = { ...REAL, FIREBASE_SERVICE_ACCOUNT: undefined };
    const onAppHosting = parseEnv({ ...withoutKey, K_SERVICE: 'shop', FIREBASE_CONFIG: '{}' });
    expect(onAppHosting.firebase).toEqual({
      mode: 'real',
      projectId: 'chocolates-prod',
      serviceAccount: null,
      client: {
        apiKey: 'api-key',
        authDomain: 'chocolates-prod.firebaseapp.com',
        projectId: 'chocolates-prod',
        appId: '1:123:web:abc',
      },
    });
    // Neither a key nor a platform that provides credentials (Vercel, another host).
    expect(problemsOf({ ...withoutKey, VERCEL: '1' })).toMatch(
      /no Firebase credentials: set FIREBASE_SERVICE_ACCOUNT .* or set FIREBASE_USE_ADC=1/,
    );
  });

  it('names the missing variable of a half-set real configuration', () => {
    const message = problemsOf({ ...REAL, NEXT_PUBLIC_FIREBASE_APP_ID: undefined });
    expect(message).toMatch(/half-set real Firebase/);
    expect(message).toMatch(/NEXT_PUBLIC_FIREBASE_APP_ID missing/);
  });

  it('treats empty values as unset', () => {
    expect(problemsOf({ ...REAL, NEXT_PUBLIC_FIREBASE_API_KEY: '' })).toMatch(
      /NEXT_PUBLIC_FIREBASE_API_KEY missing/,
    );
  });

  it('names both groups when emulator and real variables are mixed', () => {
    const message = problemsOf({ ...REAL, ...LOCAL, NEXT_PUBLIC_FIREBASE_PROJECT_ID: undefined });
    expect(message).toMatch(/FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST/);
    expect(message).toMatch(/FIREBASE_SERVICE_ACCOUNT/);
  });

  it('names the missing emulator variable', () => {
    const message = problemsOf({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' });
    expect(message).toMatch(/FIRESTORE_EMULATOR_HOST set but FIREBASE_AUTH_EMULATOR_HOST missing/);
  });

  it('requires a demo- project id with emulators', () => {
    expect(
      problemsOf({ ...LOCAL, GCLOUD_PROJECT: 'x', NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'x' }),
    ).toMatch(/must start with 'demo-'/);
  });

  it('refuses emulators in production unless explicitly allowed', () => {
    const production = { ...LOCAL, NODE_ENV: 'production' };
    expect(problemsOf(production)).toMatch(/NODE_ENV=production/);
    expect(parseEnv({ ...production, ALLOW_EMULATORS_IN_PRODUCTION: '1' }).firebase.mode).toBe(
      'local',
    );
    expect(problemsOf({ ...production, ALLOW_EMULATORS_IN_PRODUCTION: '1', VERCEL: '1' })).toMatch(
      /Vercel/,
    );
  });

  it('reports a malformed service account without echoing it', () => {
    const message = problemsOf({ ...REAL, FIREBASE_SERVICE_ACCOUNT: '{"private_key": "secret' });
    expect(message).toMatch(/FIREBASE_SERVICE_ACCOUNT is not valid JSON/);
    expect(message).not.toMatch(/secret/);
    expect(
      problemsOf({ ...REAL, FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'p' }) }),
    ).toMatch(/client_email, private_key/);
  });

  it('requires Mercado Pago to be all or nothing', () => {
    const message = problemsOf({ ...LOCAL, MERCADOPAGO_ACCESS_TOKEN: 'token' });
    expect(message).toMatch(
      /MERCADOPAGO_ACCESS_TOKEN set but MERCADOPAGO_PUBLIC_KEY, MERCADOPAGO_WEBHOOK_SECRET missing/,
    );
    expect(
      parseEnv({ ...LOCAL, ...MERCADOPAGO, MERCADOPAGO_API_BASE_URL: 'http://127.0.0.1:4010/' })
        .mercadoPago?.apiBaseUrl,
    ).toBe('http://127.0.0.1:4010');
  });

  it('refuses real Mercado Pago credentials and a public site URL with the emulators', () => {
    // The local `npm start` (a production build on the emulators) is the case that matters.
    const localStart = { ...LOCAL, NODE_ENV: 'production', ALLOW_EMULATORS_IN_PRODUCTION: '1' };
    expect(problemsOf({ ...localStart, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token' })).toMatch(
      /MERCADOPAGO_ACCESS_TOKEN set while the Firebase emulators are used/,
    );
    const all = problemsOf({ ...localStart, ...MERCADOPAGO });
    expect(all).toMatch(
      /MERCADOPAGO_PUBLIC_KEY, MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET set while/,
    );
    expect(all).not.toMatch(/APP_USR/);
    expect(
      problemsOf({
        ...localStart,
        ...MERCADOPAGO,
        MERCADOPAGO_API_BASE_URL: 'https://api.mercadopago.example',
      }),
    ).toMatch(/set while the Firebase emulators are used/);
    expect(problemsOf({ ...localStart, ...PUBLIC_SITE })).toMatch(
      /NEXT_PUBLIC_SITE_URL is not a localhost address/,
    );
    expect(
      parseEnv({ ...localStart, NEXT_PUBLIC_SITE_URL: 'http://127.0.0.1:3100' }).firebase.mode,
    ).toBe('local');
  });

  it('requires an https site URL when Mercado Pago is configured on a real project', () => {
    expect(problemsOf({ ...REAL, ...MERCADOPAGO })).toMatch(
      /NEXT_PUBLIC_SITE_URL must be the shop's public https:\/\/ origin .* it is unset/,
    );
    expect(
      problemsOf({ ...REAL, ...MERCADOPAGO, NEXT_PUBLIC_SITE_URL: 'http://chocolates.example' }),
    ).toMatch(/it is not https/);
    expect(problemsOf({ ...REAL, NEXT_PUBLIC_SITE_URL: 'chocolates.example' })).toMatch(
      /NEXT_PUBLIC_SITE_URL/,
    );
    expect(parseEnv({ ...REAL, ...MERCADOPAGO, ...PUBLIC_SITE }).mercadoPago).not.toBeNull();
    // Without Mercado Pago the default localhost origin is still allowed.
    expect(parseEnv(REAL).mercadoPago).toBeNull();
  });

  it('lists every problem at once', () => {
    const message = problemsOf({ SHOP_ID: 'a/b', NODE_ENV: 'staging' });
    expect(message).toMatch(/NODE_ENV/);
    expect(message).toMatch(/SHOP_ID/);
    expect(message).toMatch(/no Firebase configuration/);
  });
});

describe('firebaseCredentialMode', () => {
  it('takes the key wherever one is set, the Google platform credentials otherwise', () => {
    const key = SERVICE_ACCOUNT;
    expect(firebaseCredentialMode({ FIREBASE_SERVICE_ACCOUNT: key })).toBe('key');
    // A key set on Cloud Run is the one meant: it wins over the platform's.
    expect(firebaseCredentialMode({ FIREBASE_SERVICE_ACCOUNT: key, K_SERVICE: 'shop' })).toBe(
      'key',
    );
    for (const platform of [
      { K_SERVICE: 'shop' }, // Cloud Run, App Hosting
      { FIREBASE_CONFIG: '{"projectId":"chocolates-prod"}' }, // App Hosting, Cloud Functions
      { GOOGLE_CLOUD_PROJECT: 'chocolates-prod' }, // App Engine, Cloud Shell
      { GOOGLE_APPLICATION_CREDENTIALS: '/var/secrets/google.json' },
      { FIREBASE_USE_ADC: '1' }, // a Compute Engine VM says so itself
    ]) {
      expect(firebaseCredentialMode(platform)).toBe('application-default');
    }
  });

  it('finds none where the platform gives none', () => {
    expect(firebaseCredentialMode({})).toBe('none');
    expect(firebaseCredentialMode({ VERCEL: '1' })).toBe('none');
    expect(firebaseCredentialMode({ FIREBASE_USE_ADC: '0' })).toBe('none');
    // `FOO=` in a .env file means unset.
    expect(firebaseCredentialMode({ FIREBASE_SERVICE_ACCOUNT: ' ', K_SERVICE: '' })).toBe('none');
  });
});

describe('parseEnv: CEP_LOOKUP_BASE_URL', () => {
  it('defaults to ViaCEP, takes a fake without its trailing slash, and turns off with off', () => {
    expect(parseEnv(LOCAL).cepLookup).toEqual({ baseUrl: 'https://viacep.com.br/ws' });
    expect(
      parseEnv({ ...LOCAL, CEP_LOOKUP_BASE_URL: 'http://127.0.0.1:3705/ws/' }).cepLookup,
    ).toEqual({ baseUrl: 'http://127.0.0.1:3705/ws' });
    expect(parseEnv({ ...LOCAL, CEP_LOOKUP_BASE_URL: 'off' }).cepLookup).toEqual({
      baseUrl: null,
    });
  });

  it('refuses a value that is not an http(s) URL, naming the variable', () => {
    expect(() => parseEnv({ ...LOCAL, CEP_LOOKUP_BASE_URL: 'viacep.com.br' })).toThrow(
      /CEP_LOOKUP_BASE_URL/,
    );
  });
});

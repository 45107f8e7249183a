import { parseWebConfig } from './client';

describe('parseWebConfig', () => {
  it('accepts the local emulator config', () => {
    expect(
      parseWebConfig({
        apiKey: 'demo-api-key',
        authDomain: '127.0.0.1',
        projectId: 'demo-chocolate-shop',
        emulatorUrl: 'http://127.0.0.1:9099',
      }),
    ).toEqual({
      apiKey: 'demo-api-key',
      authDomain: '127.0.0.1',
      projectId: 'demo-chocolate-shop',
      emulatorUrl: 'http://127.0.0.1:9099',
    });
  });

  it('accepts a real project config with optional services and drops unknown keys', () => {
    expect(
      parseWebConfig({
        apiKey: 'k',
        authDomain: 'shop.firebaseapp.com',
        projectId: 'shop',
        appId: '1:2:web:3',
        measurementId: 'G-1',
        emulatorUrl: null,
        secret: 'nope',
      }),
    ).toEqual({
      apiKey: 'k',
      authDomain: 'shop.firebaseapp.com',
      projectId: 'shop',
      appId: '1:2:web:3',
      measurementId: 'G-1',
      emulatorUrl: null,
    });
  });

  it('refuses missing fields and odd emulator URLs', () => {
    expect(parseWebConfig(null)).toBeNull();
    expect(parseWebConfig({ error: 'not-configured' })).toBeNull();
    expect(parseWebConfig({ apiKey: 'k', authDomain: '', projectId: 'p' })).toBeNull();
    const base = { apiKey: 'k', authDomain: 'd', projectId: 'p' };
    expect(parseWebConfig({ ...base, emulatorUrl: 'javascript:alert(1)' })).toBeNull();
    expect(parseWebConfig({ ...base, emulatorUrl: 'http://127.0.0.1:9099/path' })).toBeNull();
    expect(parseWebConfig({ ...base, emulatorUrl: 42 })).toBeNull();
    expect(parseWebConfig(base)).toEqual({ ...base, emulatorUrl: null });
  });
});

import { getEnv } from '@/lib/env';
import { logFailure } from '@/lib/log';

// Read at request time, so the browser needs no build-time Firebase variables.
export const dynamic = 'force-dynamic';

/** The browser's Firebase web configuration: public values only, never secrets. */
export function GET(): Response {
  const headers = { 'Cache-Control': 'no-store' };
  let firebase;
  try {
    firebase = getEnv().firebase;
  } catch (error) {
    // EnvError names variables, never values: fine for the server log, useless to the browser.
    logFailure('config.invalid', error);
    return Response.json({ error: 'not-configured' }, { status: 500, headers });
  }
  const config =
    firebase.mode === 'local'
      ? {
          apiKey: 'demo-api-key',
          authDomain: '127.0.0.1',
          projectId: firebase.projectId,
          emulatorUrl: `http://${firebase.authEmulatorHost}`,
        }
      : {
          apiKey: firebase.client.apiKey,
          authDomain: firebase.client.authDomain,
          projectId: firebase.client.projectId,
          appId: firebase.client.appId,
          measurementId: firebase.client.measurementId,
          storageBucket: firebase.client.storageBucket,
          emulatorUrl: null,
        };
  return Response.json(config, { headers });
}

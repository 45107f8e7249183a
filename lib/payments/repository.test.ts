// The shared record of Mercado Pago notifications against a private local Firebase.
import { setUpFileFirebase, type AdminClients } from '@/test/local-firebase-env';

jest.setTimeout(60_000);

let clients: AdminClients;
let repository: typeof import('./repository');

const firebase = setUpFileFirebase({ timeoutMs: 80_000 });

beforeAll(async () => {
  ({ clients } = firebase);
  repository = await import('./repository');
}, 90_000);

it('one claim per notification: handling, then handled with its result', async () => {
  const { claimNotification, completeNotification } = repository;
  const claims = await Promise.all(Array.from({ length: 5 }, () => claimNotification('req-1')));
  expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
  expect(claims.filter((claim) => claim.state === 'handling')).toHaveLength(4);
  await completeNotification('req-1', 'applied');
  expect(await claimNotification('req-1')).toEqual({ state: 'handled', result: 'applied' });
  // No client text in the path: the id is a hash.
  const docs = await clients.db.collection('projects/chocolate-shop/webhookNotifications').get();
  expect(docs.docs.map((doc) => doc.id).join()).not.toContain('req-1');
  expect(docs.docs[0]!.get('expiresAt').toMillis()).toBeGreaterThan(Date.now());
});

it('a released claim (failed handling) is claimed again; a stale one is taken over', async () => {
  const { claimNotification, releaseNotification, STALE_CLAIM_MS } = repository;
  expect(await claimNotification('req-2')).toEqual({ state: 'claimed' });
  await releaseNotification('req-2');
  expect(await claimNotification('req-2')).toEqual({ state: 'claimed' });

  const then = Date.now() - STALE_CLAIM_MS - 1_000;
  expect(await claimNotification('req-3', { now: then })).toEqual({ state: 'claimed' });
  expect(await claimNotification('req-3', { now: then + 1_000 })).toEqual({ state: 'handling' });
  expect(await claimNotification('req-3')).toEqual({ state: 'claimed' });
  expect(await claimNotification('req-3')).toEqual({ state: 'handling' });
});

import { setUpFileFirebase } from '@/test/local-firebase-env';

// Every query of the repositories, run against a local Firestore that, like a real project,
// refuses a query needing a composite index that firestore.indexes.json does not declare
// (scripts/local-firebase/indexes.mjs; test/local-firebase-env.ts turns it on for every test).
// A query added without its index, or an index removed from the file while a query needs it,
// fails here with FAILED_PRECONDITION naming the missing index.

jest.setTimeout(60_000);

setUpFileFirebase({ timeoutMs: 80_000 });

let orders: typeof import('@/lib/orders/repository/reads') &
  typeof import('@/lib/orders/repository/panel') &
  typeof import('@/lib/orders/repository/writes') &
  typeof import('@/lib/orders/repository/markers');
let users: typeof import('@/lib/users/repository');
let catalogue: typeof import('@/lib/catalogue/repository-writes');

beforeAll(async () => {
  // Environment first: lib/env.ts and firebase-admin read it at first use.
  orders = {
    ...(await import('@/lib/orders/repository/reads')),
    ...(await import('@/lib/orders/repository/panel')),
    ...(await import('@/lib/orders/repository/writes')),
    ...(await import('@/lib/orders/repository/markers')),
  };
  users = await import('@/lib/users/repository');
  catalogue = await import('@/lib/catalogue/repository-writes');
});

const STATUSES = [null, 'waitingPayment'] as const;
const SHIPPING = [null, 'Retirada'] as const;
const CURSOR = { seconds: 1_900_000_000, nanoseconds: 0, id: 'ZZZZZZ' };

describe('every repository query has the indexes it needs', () => {
  it.each(STATUSES.flatMap((status) => SHIPPING.map((shipping) => [status, shipping] as const)))(
    "the panel's list filtered by status %s and shipping %s, every page direction",
    async (status, shipping) => {
      const filters = { status, shipping, q: '' };
      await orders.listPanelOrders({ ...filters, after: null, before: null });
      await orders.listPanelOrders({ ...filters, after: CURSOR, before: null });
      await orders.listPanelOrders({ ...filters, after: null, before: CURSOR });
    },
  );

  it.each(['cliente', 'cliente@chocolates.local', 'ABC123', 'E3E69'])(
    "the panel's search for %s",
    async (q) => {
      await orders.listPanelOrders({ status: null, shipping: null, q, after: null, before: null });
    },
  );

  it("a shopper's orders, open statuses and unsettled orders", async () => {
    await orders.listOrdersForUser('seed-shopper');
    await orders.listOpenOrderStatuses('seed-shopper');
    const { getAdminDb } = await import('@/lib/firebase/admin');
    await getAdminDb().runTransaction((tx) =>
      orders.listUnsettledOrdersInTransaction(tx, 'seed-shopper'),
    );
  });

  it('the order changes, the expiry candidates, the marker and the accounts by e-mail', async () => {
    await orders.listOrderChangesSince(new Date(0));
    await orders.listExpiryCandidates(new Date(), new Date(), ['pending', 'waiting'], 10);
    await orders.readOrdersMarker();
    await users.getUserIdsByEmail('Cliente@Chocolates.local');
  });

  it("the catalogue's history, its key checks and the orders naming a product", async () => {
    await catalogue.listProductChanges(['ovo-pistache', 'ovo-antigo']);
    const { getAdminDb } = await import('@/lib/firebase/admin');
    await getAdminDb().runTransaction(async (tx) => {
      await catalogue.isKeyFreeInTransaction(tx, 'ovo-novo');
      await orders.hasOrdersFor(tx, 'ovo-pistache');
    });
  });

  it('the mail due and unsent, the refunds due', async () => {
    const mail = await import('@/lib/mail/repository');
    const refunds = await import('@/lib/payments/refunds');
    await mail.listDueMail(Date.now(), 20);
    await mail.listUnsentMail();
    await refunds.listDueRefunds(Date.now(), 20);
  });

  it("the panel home's counts", async () => {
    const mail = await import('@/lib/mail/repository');
    const club = await import('@/lib/club/repository');
    await orders.countPaymentsToReview();
    await orders.countAwaitingApprovalSince(new Date());
    await mail.countFailedMail();
    await club.countMembershipsByPlan('active');
  });
});

// Places `count` concurrent orders (each the order and the stock it takes, in one transaction,
// as lib/orders does) on the local Firebase named by FIRESTORE_EMULATOR_HOST, and prints
// `ACK <orderId>` the moment each one is acknowledged. Run as a child process by crash tests,
// which kill it together with the stack: in-flight calls die with it instead of retrying.
//
// Usage: node test/order-burst.mjs <projectId> <shopPath> <productKey> <uid> <count> <prefix>
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';

const [projectId, shopPath, productKey, uid, count, prefix] = process.argv.slice(2);
const db = getFirestore(initializeApp({ projectId }));
const stockRef = db.doc(`${shopPath}/inventory/${productKey}`);

async function placeOrder(orderId) {
  await db.runTransaction(async (tx) => {
    const stock = (await tx.get(stockRef)).get('stock');
    if (stock < 1) throw new Error('out of stock');
    tx.update(stockRef, { stock: FieldValue.increment(-1) });
    tx.create(db.doc(`${shopPath}/orders/${orderId}`), {
      clientRef: uid,
      items: [{ key: productKey, quantity: 1 }],
      status: 'Pedido Realizado',
    });
  });
  process.stdout.write(`ACK ${orderId}\n`);
}

const ids = Array.from(
  { length: Number(count) },
  (_, i) => `${prefix}${String(i).padStart(4, '0')}`,
);
await Promise.allSettled(ids.map(placeOrder));
process.exit(0);

// The rows npm run bench:race prints (../bench-checkout-race.mjs): each run's outcomes, timing and
// consistency, its log lines, and the Markdown table of all runs.

export const SHOP = 'projects/chocolate-shop';
/** The answer time every order must keep (lib/orders/place-order.ts). */
const ANSWER_DEADLINE_MS = 5000;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One run's row: outcomes, answer times, retries, the Firestore operations, consistency. */
export async function summarize({
  cpu,
  label,
  stock,
  n,
  results,
  elapsed,
  loadBefore,
  loadAfter,
  operations,
  admin,
  newEvents,
  ...rest
}) {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const count = (test) => results.filter(test).length;
  const placed = results.filter((r) => r.outcome === 'placed');
  const soldOut = results.filter((r) => r.status === 409);
  const unavailable = count((r) => r.status === 503);
  const without = count((r) => r.status === 503 && !r.retryAfter);
  const late = count((r) => r.ms > ANSWER_DEADLINE_MS);
  const other = results.filter(
    (r) => r.outcome !== 'placed' && r.status !== 409 && r.status !== 503,
  );
  const left = await admin.stockLeft();
  const written = placed.length
    ? (
        await admin.db.getAll(...placed.map((r) => admin.db.doc(`${SHOP}/orders/${r.orderId}`)))
      ).filter((snapshot) => snapshot.exists).length
    : 0;
  const orderEvents = newEvents.filter(
    (e) => e.event === 'order.placed' || e.event === 'order.refused',
  );
  const retries = orderEvents.reduce((sum, e) => sum + Math.max(0, (e.attempts ?? 0) - 1), 0);
  const consistent =
    placed.length <= stock && left === stock - placed.length && written === placed.length;
  const soldOutTimes = soldOut.map((r) => r.ms).sort((a, b) => a - b);
  const refusals = {};
  for (const r of [...soldOut, ...other]) refusals[r.outcome] = (refusals[r.outcome] ?? 0) + 1;
  return {
    ...rest,
    label,
    stock,
    shoppers: n,
    load: `${loadBefore} → ${loadAfter}`,
    placed: placed.length,
    409: soldOut.length,
    503: unavailable,
    other: other.length,
    'p50 ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'max ms': Math.round(times.at(-1)),
    '409 p95 ms': soldOutTimes.length ? Math.round(percentile(soldOutTimes, 95)) : '-',
    'over 5 s': late,
    '503 w/o Retry-After': without,
    retries,
    'orders/s': Number((n / elapsed).toFixed(1)),
    operations: operations
      ? `${operations.reads} r / ${operations.writes} w / ${operations.transactions} tx`
      : 'n/a',
    consistent: consistent ? 'yes' : 'NO',
    refusals,
    cpu,
  };
}

export function printRow(row) {
  const detail = Object.entries(row.refusals)
    .map(([outcome, n]) => `${outcome} ${n}`)
    .join(', ');
  console.log(
    `  stock ${row.stock}, ${row.shoppers} shoppers | load ${row.load} | placed ${row.placed}, ` +
      `409 ${row[409]}, 503 ${row[503]}, other ${row.other} | p50 ${row['p50 ms']} ms, ` +
      `p95 ${row['p95 ms']} ms, max ${row['max ms']} ms, 409 p95 ${row['409 p95 ms']} ms | ` +
      `over 5 s ${row['over 5 s']} | retries ${row.retries} | ${row.operations} | ` +
      `consistent ${row.consistent}${detail ? ` | ${detail}` : ''}`,
  );
  console.log(
    `    CPU during the run (s): ${Object.entries(row.cpu)
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`)
      .join(', ')}`,
  );
}

/** The server's log lines of a run other than placed orders and refusals, counted by kind. */
export function printEvents(runEvents) {
  const counts = new Map();
  for (const event of runEvents) {
    if (event.event === 'order.placed' || event.event === 'order.refused') continue;
    const what = [
      event.event,
      event.during ?? event.what ?? event.limit,
      event.errorName ?? event.code,
    ]
      .filter(Boolean)
      .join(' ');
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  if (counts.size > 0) {
    console.log(`    log: ${[...counts].map(([what, n]) => `${what} x${n}`).join(', ')}`);
  }
}

/** The runs as a Markdown table, for docs/performance.md. */
export function markdown(rows) {
  const head =
    '| data | instances | machine | stock | shoppers | load 1 min (start → end) | placed | 409 | 503 | p50 ms | p95 ms | max ms | 409 p95 ms | over 5 s | retries | Firestore ops | consistent |';
  const line =
    '| --- | ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |';
  return [
    head,
    line,
    ...rows.map(
      (r) =>
        `| ${r.data} | ${r.count} | ${r.machine} | ${r.stock} | ${r.shoppers} | ${r.load} | ${r.placed} | ${r[409]} | ${r[503]} | ${r['p50 ms']} | ${r['p95 ms']} | ${r['max ms']} | ${r['409 p95 ms']} | ${r['over 5 s']} | ${r.retries} | ${r.operations} | ${r.consistent} |`,
    ),
  ].join('\n');
}

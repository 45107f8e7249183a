// npm run dashboard:rebuild [-- <site URL>]: asks the running shop to rewrite the panel home's
// day totals from its orders (app/api/cron/rebuild-dashboard, lib/dashboard/rebuild.ts), with the
// cron secret, so it uses the server's own Firebase configuration. For a shop whose orders
// predate the totals; run it when the shop is quiet (docs/operations.md).
const site = (
  process.argv[2] ??
  process.env.NEXT_PUBLIC_SITE_URL ??
  'http://localhost:3000'
).replace(/\/$/, '');
const secret = process.env.CRON_SECRET;
if (!secret) {
  console.error('CRON_SECRET is not set: the shop refuses the rebuild without it.');
  process.exit(1);
}
const response = await fetch(`${site}/api/cron/rebuild-dashboard`, {
  method: 'POST',
  headers: { authorization: `Bearer ${secret}` },
});
const body = await response.text();
if (!response.ok) {
  console.error(`The rebuild failed (HTTP ${response.status}): ${body}`);
  process.exit(1);
}
const report = JSON.parse(body);
console.log(
  `Rebuilt: ${report.orders} orders counted over ${report.days} days (${report.cancelled} cancelled left out).`,
);

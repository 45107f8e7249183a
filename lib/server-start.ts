import 'server-only';

/**
 * A production server with a half-set or invalid configuration stops here with the list of
 * problems (lib/env.ts names variables, never values) instead of serving pages while every
 * Firebase or Mercado Pago call fails. In development the same list is logged and the pages that
 * need the configuration show the error. Node only: instrumentation.ts imports it there.
 */
export async function startNodeServer(): Promise<void> {
  // The standalone server.js calls register() before Next starts (scripts/build.mjs), Next once more.
  const state = globalThis as { __shopRegistered?: boolean };
  if (state.__shopRegistered) return;
  state.__shopRegistered = true;
  // From here on, every console line of this process is one JSON object in production.
  const { installJsonConsole, logEvent } = await import('@/lib/log');
  installJsonConsole();
  const { EnvError, getEnv } = await import('@/lib/env');
  try {
    if (getEnv().mail === null) {
      logEvent(
        'mail.disabled',
        { reason: 'no SMTP_URL and MAIL_FROM; no e-mail will be sent' },
        'warn',
      );
    }
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    logEvent('config.invalid', { problems: error.message }, 'error');
    if (process.env.NODE_ENV === 'production') process.exit(1);
  }
  // TRACE and malformed router state headers would be a 500 from inside Next
  // (lib/security/http-server-guard.ts).
  const { addQuickAnswer, installHttpServerGuard } =
    await import('@/lib/security/http-server-guard');
  installHttpServerGuard();
  // A rush of new connections is accepted in one or two turns of the event loop, not one per turn
  // (lib/http/accept-widening.ts): their wait in the kernel is time the order deadline cannot see.
  if (process.env.NODE_ENV === 'production') {
    const { EXTRA_ACCEPTORS, installAcceptWidening } = await import('@/lib/http/accept-widening');
    installAcceptWidening((added) => {
      if (added < EXTRA_ACCEPTORS) {
        logEvent('server.accept_not_widened', { added, wanted: EXTRA_ACCEPTORS }, 'warn');
      }
    });
  }
  // The page cache (lib/cache/storefront-cache-handler.mjs) asks the catalogue's revision.
  const { installStorefrontRevisionForPageCache } = await import('@/lib/catalogue/revision');
  installStorefrontRevisionForPageCache();
  // Orders are answered there, before Next (lib/orders/order-quick-answer.ts).
  const { orderQuickAnswer } = await import('@/lib/orders/order-quick-answer');
  addQuickAnswer(orderQuickAnswer);
  await startBackgroundDelivery();
}

/** How often a long-running server looks for e-mails and refunds due (their retries, leases). */
const DELIVERY_INTERVAL_MS = 60_000;

/**
 * E-mails and refunds are sent after the response of the change that wrote them and from the
 * cron route; a server process also looks once at start (what an instance that stopped left) and
 * then every minute, so their retries need no cron where the process lives on. A pass that fails
 * is logged by the pass; the timer never keeps the process alive.
 */
async function startBackgroundDelivery(): Promise<void> {
  const { getEnv } = await import('@/lib/env');
  try {
    getEnv();
  } catch {
    // An invalid configuration was reported above; nothing can be delivered.
    return;
  }
  const { sendQueuedMailNow } = await import('@/lib/mail/sender');
  const { refundOwedPaymentsNow } = await import('@/lib/orders/refunds');
  const deliver = () => void Promise.all([sendQueuedMailNow(), refundOwedPaymentsNow()]);
  setTimeout(deliver, 1000).unref();
  setInterval(deliver, DELIVERY_INTERVAL_MS).unref();
}

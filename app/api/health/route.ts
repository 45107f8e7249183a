import 'server-only';

import { withDeadline } from '@/lib/deadline';
import { getAdminAuth, getAdminDb, shopPath } from '@/lib/firebase/admin';
import { describeError, startRequestLog } from '@/lib/log';

// Asked by hosts and uptime monitors: always answered now, never from a cache.
export const dynamic = 'force-dynamic';

/** How long each dependency may take before the shop counts it as down. */
export const HEALTH_CHECK_DEADLINE_MS = 2_000;

type CheckResult = 'ok' | 'error';

// A uid no account has: looking it up costs one cheap Auth call and answers "not found".
const ABSENT_UID = 'health-check-absent-user';

async function checkFirestore(): Promise<void> {
  await getAdminDb().doc(shopPath()).get();
}

async function checkAuth(): Promise<void> {
  try {
    await getAdminAuth().getUser(ABSENT_UID);
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'auth/user-not-found') return;
    throw error;
  }
}

/**
 * 200 `{"status":"ok","firestore":"ok","auth":"ok"}` when a cheap read of Firestore and of Auth
 * each succeed within 2 s; otherwise 503 with the failing part set to "error". The body never
 * carries a reason, project id or stack: those go to the server log only.
 */
export async function GET(request: Request): Promise<Response> {
  const log = startRequestLog(request.headers);
  const run = async (part: string, check: () => Promise<void>): Promise<CheckResult> => {
    try {
      // Inside the deadline too: a missing or broken configuration throws synchronously.
      await withDeadline(
        Promise.resolve().then(check),
        HEALTH_CHECK_DEADLINE_MS,
        `health check of ${part}`,
      );
      return 'ok';
    } catch (error) {
      log.event('health.failed', { part, ...describeError(error) }, 'warn');
      return 'error';
    }
  };
  const [firestore, auth] = await Promise.all([
    run('firestore', checkFirestore),
    run('auth', checkAuth),
  ]);
  const healthy = firestore === 'ok' && auth === 'ok';
  return Response.json(
    { status: healthy ? 'ok' : 'error', firestore, auth },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}

import 'server-only';

import { after } from 'next/server';
import { mayOutliveCaller } from '@/lib/deadline';
import { logFailure } from '@/lib/log';

// Work that outlives a request's response. During a request (Server Component, Server Action,
// route handler) Next's after() makes the host keep the function alive until the work settles:
// a serverless host (Vercel) may otherwise freeze it as soon as the response is sent. Outside
// Next's handling of a request (scripts, Jest, the long-running server's own answers before Next,
// lib/orders/order-quick-answer.ts) after() throws, since Next has no response to outlive; the
// process itself runs on, so the work simply runs in it. Any other
// refusal of after() happens during a request and means the host may cut the work off: it still
// runs, and the refusal is logged. Either way it is counted among the calls still running
// (lib/deadline.ts), which a test file's teardown waits for.

const OUTSIDE_REQUEST = /outside a request scope/;

function register(work: Promise<unknown> | (() => Promise<unknown>)): boolean {
  try {
    after(work);
    return true;
  } catch (error) {
    if (!OUTSIDE_REQUEST.test((error as Error)?.message ?? '')) {
      logFailure('after.refused', error);
    }
    return false;
  }
}

/** Runs `task` after the response during a request; outside one, at once. Never throws. */
export function afterResponse(task: () => Promise<unknown>): void {
  const counted = () => mayOutliveCaller(task(), 'work after the response');
  if (!register(counted)) void counted();
}

/**
 * Keeps the request's function alive until `pending` (already running) settles. Returns whether
 * a request took it; outside one, `pending` goes on in this process by itself.
 */
export function keepAliveUntil(pending: Promise<unknown>): boolean {
  return register(mayOutliveCaller(pending, 'work after the response'));
}

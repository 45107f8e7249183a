import 'server-only';

import type { z } from 'zod';

import { startActionLog, type RequestLog } from '@/lib/log';
import type { PublicUser } from '@/lib/users/types';

import { readSession, SessionUnavailableError } from './session';

/** What a signed-in use-case runs with: the person, their input as the schema read it, the log. */
export type SignedInContext<Input> = { user: PublicUser; input: Input; log: RequestLog };

/**
 * The opening every use-case of a signed-in person shares: a request log, the session read fresh
 * (so a sign-out recorded by another instance counts), 'unauthenticated' without one, 'invalid'
 * when the strict schema refuses the input, then `run`. Whatever is thrown (a session Auth or
 * Firestore could not check included: never taken for 'signed out') is logged with the uid and
 * answered by `fault(error)`, so the use-case never throws.
 */
export async function signedInUseCase<Input, Result>(
  input: unknown,
  options: { schema: z.ZodType<Input>; during: string; fault: (error: unknown) => Result },
  run: (context: SignedInContext<Input>) => Promise<Result>,
): Promise<Result | { ok: false; error: 'unauthenticated' | 'invalid' }> {
  const log = await startActionLog();
  let uid: string | undefined;
  try {
    const session = await readSession();
    if (session.status !== 'signed-in') return { ok: false, error: 'unauthenticated' };
    uid = session.user.uid;
    const parsed = options.schema.safeParse(input);
    if (!parsed.success) return { ok: false, error: 'invalid' };
    return await run({ user: session.user, input: parsed.data, log });
  } catch (error) {
    const during = error instanceof SessionUnavailableError ? 'read-session' : options.during;
    log.error(error, { during, uid });
    return options.fault(error);
  }
}

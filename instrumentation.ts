// Next.js runs register() once when a server starts, before it answers any request.

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // TRACE and malformed router state headers would be a 500 from inside Next
  // (lib/security/http-server-guard.ts).
  const { installHttpServerGuard } = await import('@/lib/security/http-server-guard');
  installHttpServerGuard();
}

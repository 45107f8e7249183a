// Next.js runs register() once when a server starts, before it answers any request.

export async function register(): Promise<void> {
  // The Node-only part is imported inside this branch, so the Edge bundle never holds it.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startNodeServer } = await import('@/lib/server-start');
    await startNodeServer();
  }
}

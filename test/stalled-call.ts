/**
 * A backend call a test makes hang (Firestore frozen, a write that never answers). The app counts
 * calls it stopped waiting for until they settle (lib/deadline.ts) and a file's teardown waits for
 * them (test/local-firebase-env.ts): each stalled call fails once its test is over
 * (test/jest-after-env.ts), as a real one gives up in the end.
 */
type Release = (error: Error) => void;

function stalledCalls(): Set<Release> {
  return ((globalThis as { __testStalledCalls?: Set<Release> }).__testStalledCalls ??= new Set());
}

export function stalledCall(): Promise<never> {
  return new Promise<never>((_, reject) => stalledCalls().add(reject));
}

export function releaseStalledCalls(): void {
  const calls = stalledCalls();
  for (const release of calls) release(new Error('a stalled call, given up after its test'));
  calls.clear();
}

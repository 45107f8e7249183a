import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

// Node's libuv accepts one new connection per turn of the event loop. A busy server's turn takes
// tens of milliseconds (every reply from Firestore that came in meanwhile is handled in it), so
// a rush of 200 new connections waited up to 4 s in the kernel's accept queue: time no deadline
// counted from the request's arrival can see (docs/SCALING.md). Each descriptor of the listening
// socket is polled on its own, so a socket with 16 descriptors is accepted from up to 16 times a
// turn. Node has no dup() (nor, in 20, reusePort); a short-lived helper process is handed the
// socket and hands it back EXTRA_ACCEPTORS times, each time arriving as a new descriptor, which a
// server of its own (the same request handlers, the same timeouts) listens on.

/** Descriptors added to a listening server's own: a turn accepts up to this many more. */
export const EXTRA_ACCEPTORS = 15;

/** How long the helper may take before the server goes on with what it handed back. */
const HELPER_TIMEOUT_MS = 5000;

// The events a request is served through; the others ('listening', 'error', 'close') belong to
// whoever started the server.
const SERVED_EVENTS = ['request', 'upgrade', 'checkContinue', 'checkExpectation', 'clientError'];
const TIMEOUTS = [
  'keepAliveTimeout',
  'headersTimeout',
  'requestTimeout',
  'timeout',
  'maxHeadersCount',
  'maxRequestsPerSocket',
] as const;

// Node sends one handle at a time, each once the other side has taken the last; the helper's
// listener keeps it alive until the server closes the channel.
const helperCode = (count: number) =>
  `process.on('message', (_, handle) => {
    for (let sent = 0; sent < ${count}; sent += 1) process.send('acceptor', handle);
  });`;

const PATCHED = Symbol.for('chocolate-shop.acceptWidening');
const acceptors = new WeakSet<http.Server>();

/** A server listening on `handle` that serves its requests as `server` does. */
function acceptorOf(server: http.Server, handle: object): http.Server {
  const acceptor = http.createServer();
  acceptors.add(acceptor);
  for (const event of SERVED_EVENTS) {
    for (const listener of server.listeners(event)) {
      acceptor.on(event, listener as (...args: unknown[]) => void);
    }
  }
  for (const name of TIMEOUTS) {
    (acceptor as unknown as Record<string, unknown>)[name] = server[name];
  }
  // A failure here leaves the server's own descriptor accepting: nothing to stop for.
  acceptor.on('error', () => undefined);
  acceptor.listen(handle);
  return acceptor;
}

/**
 * Gives the listening TCP `server` up to `extra` more descriptors, each accepted from by a server
 * that serves as it does (with the request handlers it has now) and closes with it. Resolves with
 * how many it got: 0 for a server not on a TCP port, or when the helper could not run.
 */
export function widenAccept(server: http.Server, extra = EXTRA_ACCEPTORS): Promise<number> {
  const handle = (server as http.Server & { _handle?: object | null })._handle;
  const address = server.address();
  if (!handle || !address || typeof address !== 'object' || extra < 1) return Promise.resolve(0);
  /** The acceptors not yet closed. */
  const live = new Set<http.Server>();
  let listening = 0;
  let done = false;
  let helperGone!: () => void;
  const gone = new Promise<void>((resolve) => (helperGone = resolve));
  /** Descriptors that came back too late for an acceptor, being closed. */
  const discarded: Promise<void>[] = [];

  // No preloads or options of this process: the helper only passes the socket back.
  let helper: ChildProcess | null = null;
  try {
    helper = spawn(process.execPath, ['-e', helperCode(extra)], {
      env: { NODE_ENV: process.env.NODE_ENV },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
  } catch {
    helper = null;
  }
  // Done: the helper is told to go (it holds the socket too until it is gone).
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (helper?.connected) helper.disconnect();
    // A helper that never started has no pid, and its kill() would signal this process's group.
    if (helper?.pid !== undefined && helper.exitCode === null && helper.signalCode === null) {
      helper.kill();
    }
  };
  const timer = setTimeout(finish, HELPER_TIMEOUT_MS);
  timer.unref();

  // Closing stops every descriptor, the helper's included, and calls back once every server's
  // requests have ended (a graceful stop waits for that callback).
  const close = server.close;
  server.close = function (this: http.Server, callback?: (error?: Error) => void) {
    finish();
    const closed = [...live].map(
      (acceptor) => new Promise<void>((resolve) => acceptor.close(() => resolve())),
    );
    return close.call(this, (error?: Error) => {
      // Once the helper is gone, nothing more comes back to discard.
      void Promise.all([...closed, gone])
        .then(() => Promise.all(discarded))
        .then(() => callback?.(error));
    });
  } as typeof server.close;
  for (const name of ['closeAllConnections', 'closeIdleConnections'] as const) {
    const own = server[name];
    server[name] = function (this: http.Server) {
      for (const acceptor of live) acceptor[name]();
      own.call(this);
    };
  }

  return new Promise((resolve) => {
    const ended = () => {
      finish();
      helperGone();
      resolve(listening);
    };
    if (!helper) {
      ended();
      return;
    }
    helper.on('error', ended);
    helper.on('exit', ended);
    // Without a channel (a spawn that failed for want of descriptors) nothing comes back.
    if (typeof helper.send !== 'function') {
      ended();
      return;
    }
    helper.on('message', (_message: unknown, returned?: object) => {
      if (!returned) return;
      // A server closed meanwhile (or one the helper was too slow for) takes no more acceptors.
      if (done || !server.listening) {
        const unused = returned as { close?: (callback: () => void) => void };
        discarded.push(
          new Promise((resolve) => (unused.close ? unused.close(resolve) : resolve())),
        );
        return;
      }
      const acceptor = acceptorOf(server, returned);
      live.add(acceptor);
      acceptor.once('listening', () => (listening += 1));
      acceptor.once('close', () => live.delete(acceptor));
      if (live.size === extra) finish();
    });
    helper.send('socket', handle as Parameters<ChildProcess['send']>[1], (error) => {
      if (error) finish();
    });
  });
}

/**
 * Widens the first HTTP server this process starts on a TCP port (widenAccept), once it listens:
 * Next's, with its request handlers in place by then. `onWidened` hears how many descriptors it
 * got. Idempotent; called from lib/server-start.ts.
 */
export function installAcceptWidening(onWidened: (added: number) => void): void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  let widened = false;
  const listen = proto.listen;
  proto.listen = function (this: http.Server, ...args: unknown[]) {
    if (!widened && !acceptors.has(this)) {
      // A listen that failed and was tried again has two of these: the flag widens once.
      this.once('listening', () => {
        const address = this.address();
        if (widened || !address || typeof address !== 'object') return;
        widened = true;
        widenAccept(this).then(onWidened, () => onWidened(0));
      });
    }
    return (listen as (...all: unknown[]) => http.Server).apply(this, args);
  } as typeof proto.listen;
}

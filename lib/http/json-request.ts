import 'server-only';

import http from 'node:http';
import https from 'node:https';

// A JSON request from the server to an API (Mercado Pago), over node:http(s) rather than fetch:
// in a checkout rush each order makes one such call, and fetch's streams cost the server several
// times the CPU of a plain request (docs/performance.md). Connections are kept and reused.

/** The most of an answer read: Mercado Pago's largest (a Pix QR code) is under 100 KB. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * How long a kept connection may sit unused before it is closed here, below the 5 s a Node
 * server keeps one open by default (the agent also heeds a shorter Keep-Alive hint): a request is
 * then rarely sent on a connection the server is closing.
 */
const IDLE_CONNECTION_MS = 4_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

const USER_AGENT = 'chocolate-shop (node)';

/** How a reused connection fails when the server closed it as the request went out. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** A request that got no complete answer: `name` says why (TimeoutError, ECONNREFUSED, ...). */
export class JsonRequestError extends Error {
  constructor(name: string) {
    super(`request failed: ${name}`);
    this.name = name;
  }
}

export type JsonRequest = {
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  /** Sent as application/json. */
  body?: unknown;
  /** The whole exchange, connection to the last byte of the answer, a repeat included. */
  timeoutMs: number;
};

type Answer = { status: number; body: unknown };

/**
 * Sends `init` to `url` (http: or https:) and resolves with the answer's status and its JSON body
 * (null when it is empty or not JSON). Rejects with JsonRequestError when no whole answer came in
 * time (or it was larger than MAX_RESPONSE_BYTES). A request that a reused connection lost before
 * any answer is sent once more on a new one when repeating it is safe: a GET or PUT, or a POST
 * with an X-Idempotency-Key (the server answers a repeat as the first).
 */
export async function requestJson(url: string, init: JsonRequest): Promise<Answer> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new JsonRequestError('UnsupportedProtocol');
  }
  const payload = init.body === undefined ? null : Buffer.from(JSON.stringify(init.body), 'utf8');
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT, ...init.headers };
  if (payload) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  const deadline = Date.now() + init.timeoutMs;
  const first = await send(target, init.method, headers, payload, init.timeoutMs);
  if ('answer' in first) return first.answer;
  const repeatable =
    init.method !== 'POST' ||
    Object.keys(headers).some((name) => name.toLowerCase() === 'x-idempotency-key');
  if (first.staleConnection && repeatable && Date.now() < deadline) {
    const again = await send(target, init.method, headers, payload, deadline - Date.now());
    if ('answer' in again) return again.answer;
    throw new JsonRequestError(again.failure);
  }
  throw new JsonRequestError(first.failure);
}

/** One attempt: the answer, or why there was none (and whether a kept connection was lost). */
function send(
  target: URL,
  method: JsonRequest['method'],
  headers: Record<string, string>,
  payload: Buffer | null,
  timeoutMs: number,
): Promise<{ answer: Answer } | { failure: string; staleConnection: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const fail = (name: string, staleConnection = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ failure: name, staleConnection });
    };
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(
      target,
      { method, headers, agent: agents[secure ? 'https:' : 'http:'] },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) fail('ResponseTooLarge');
          else chunks.push(chunk);
        });
        response.on('error', () => fail('ResponseError'));
        response.on('aborted', () => fail('ResponseAborted'));
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          let body: unknown = null;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // An empty or non-JSON body; the status decides what it means.
          }
          resolve({ answer: { status: response.statusCode ?? 0, body } });
        });
      },
    );
    const timer = setTimeout(() => fail('TimeoutError'), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.name;
      fail(code, request.reusedSocket && !answered && STALE_CONNECTION_CODES.has(code));
    });
    request.end(payload ?? undefined);
  });
}

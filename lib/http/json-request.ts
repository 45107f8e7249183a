import 'server-only';

import http from 'node:http';
import https from 'node:https';

// A JSON request from the server to an API (Mercado Pago), over node:http(s) rather than fetch:
// in a checkout rush each order makes one such call, and fetch's streams cost the server several
// times the CPU of a plain request (docs/performance.md). Connections are kept and reused.

/** The most of an answer read: Mercado Pago's largest (a Pix QR code) is under 100 KB. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

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
  /** The whole exchange, connection to the last byte of the answer. */
  timeoutMs: number;
};

/**
 * Sends `init` to `url` (http: or https:) and resolves with the answer's status and its JSON body
 * (null when it is empty or not JSON). Rejects with JsonRequestError when no whole answer came in
 * time (or it was larger than MAX_RESPONSE_BYTES).
 */
export function requestJson(
  url: string,
  init: JsonRequest,
): Promise<{ status: number; body: unknown }> {
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
  if (target.protocol !== protocol) {
    return Promise.reject(new JsonRequestError('UnsupportedProtocol'));
  }
  const payload = init.body === undefined ? null : Buffer.from(JSON.stringify(init.body), 'utf8');
  const headers: Record<string, string> = { ...init.headers };
  if (payload) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (name: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(new JsonRequestError(name));
    };
    const request = (protocol === 'https:' ? https : http).request(
      target,
      { method: init.method, headers, agent: agents[protocol] },
      (response) => {
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
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    const timer = setTimeout(() => fail('TimeoutError'), init.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.name));
    request.end(payload ?? undefined);
  });
}

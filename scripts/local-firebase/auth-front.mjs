// The Auth emulator's front door. Browsers and firebase-admin talk to this server on the Auth
// port; it forwards to the emulator (firebase-tools, on a private port) and adds what the
// emulator lacks locally:
// - durability: after every request that can change accounts it writes the users to the export
//   folder the emulator imports at start, before answering, so an account the shopper was told
//   about survives kill -9 (firebase-tools itself exports only on a clean exit);
// - continuity: while the emulator restarts after a crash, requests wait for it (up to
//   `waitMs`) instead of failing, and the port stays the same.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

import { writeFileAtomic } from './persistence.mjs';

const require = createRequire(import.meta.url);
const CLI_VERSION = require('firebase-tools/package.json').version;
export const AUTH_EXPORT_SUBDIR = 'auth_export';
const METADATA_FILE = 'firebase-export-metadata.json';

// Requests that never change stored accounts: no export after them. signInWithPassword only
// moves lastLoginAt; sendOobCode's codes are not part of an export.
const READ_ONLY =
  /(accounts:(lookup|query|batchGet|createAuthUri|signInWithPassword|sendOobCode)|:createSessionCookie|\/v1\/token|:getRecaptchaParams)$/;

function changesAccounts(method, url) {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return !READ_ONLY.test(url.split('?')[0]);
}

function ownerRequest(host, requestPath) {
  return fetch(`http://${host}${requestPath}`, {
    headers: { Authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(10_000),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`${requestPath}: HTTP ${response.status}`);
    return response.json();
  });
}

/**
 * Writes the emulator's users and config in the layout of a firebase-tools export (what
 * `--import` reads), each file replaced atomically: a crash leaves the previous or the new file.
 */
export async function exportAuth({ host, projectId, exportDir }) {
  const [accounts, config] = await Promise.all([
    ownerRequest(
      host,
      `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
    ),
    ownerRequest(host, `/emulator/v1/projects/${projectId}/config`),
  ]);
  const dir = path.join(exportDir, AUTH_EXPORT_SUBDIR);
  fs.mkdirSync(dir, { recursive: true });
  const users = Array.isArray(accounts.users) ? accounts.users : [];
  writeFileAtomic(path.join(dir, 'accounts.json'), JSON.stringify({ kind: accounts.kind, users }));
  writeFileAtomic(path.join(dir, 'config.json'), JSON.stringify(config));
  const metadata = {
    version: CLI_VERSION,
    auth: { version: CLI_VERSION, path: AUTH_EXPORT_SUBDIR },
  };
  writeFileAtomic(path.join(exportDir, METADATA_FILE), JSON.stringify(metadata, null, 2));
  return users.length;
}

/**
 * The emulator's import (accounts:batchCreate) sets every user's validSince to the import time,
 * which revokes every session signed before it. Put back the exported values (a privileged
 * accounts:update may set validSince), so a restart keeps sessions a logout did not revoke.
 */
export async function restoreRevocationTimes({ host, projectId, exportDir }) {
  let users;
  try {
    const file = path.join(exportDir, AUTH_EXPORT_SUBDIR, 'accounts.json');
    users = JSON.parse(fs.readFileSync(file, 'utf8')).users ?? [];
  } catch (error) {
    if (error.code === 'ENOENT') return 0;
    throw error;
  }
  const pending = users.filter((user) => user.localId && user.validSince);
  const worker = async () => {
    for (let user = pending.pop(); user; user = pending.pop()) {
      const response = await fetch(
        `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
        {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
          body: JSON.stringify({ localId: user.localId, validSince: user.validSince }),
          signal: AbortSignal.timeout(10_000),
        },
      );
      const answer = await response.text();
      if (!response.ok) {
        throw new Error(`validSince of ${user.localId}: HTTP ${response.status} ${answer}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return users.length;
}

/** Removes the temporary files of an export cut short by a crash (writeFileAtomic's). */
export function removeStaleExportTemps(exportDir) {
  if (!fs.existsSync(exportDir)) return;
  for (const entry of fs.readdirSync(exportDir, { recursive: true })) {
    if (/\.tmp-\d+$/.test(entry)) fs.rmSync(path.join(exportDir, entry), { force: true });
  }
}

/** Runs exportAuth one at a time; a request made during an export gets the following one. */
function serialExporter(run) {
  let chain = Promise.resolve();
  let queued = null;
  return () => {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      return run();
    });
    queued = next;
    chain = next.catch(() => {});
    return next;
  };
}

/** Rejects like a refused connection when `promise` has not settled by `deadline`. */
function withDeadline(promise, deadline) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error('Auth emulator restarting'), { code: 'ETIMEDOUT' })),
      Math.max(0, deadline - Date.now()),
    );
    Promise.resolve(promise).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function readBody(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function forward(upstreamHost, request, body) {
  const [hostname, port] = [
    upstreamHost.slice(0, upstreamHost.lastIndexOf(':')),
    Number(upstreamHost.slice(upstreamHost.lastIndexOf(':') + 1)),
  ];
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { hostname, port, method: request.method, path: request.url, headers: request.headers },
      async (response) => {
        try {
          resolve({
            status: response.statusCode,
            headers: response.headers,
            body: await readBody(response),
          });
        } catch (error) {
          reject(error);
        }
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Listens on host:port and forwards to `await upstream()` (the emulator's host:port once it is
 * ready: the supervisor holds it back while the emulator restarts).
 * Resolves to { host, exportNow, close }.
 */
export async function startAuthFront({
  host = '127.0.0.1',
  port,
  upstream,
  projectId,
  exportDir,
  log = console.log,
  waitMs = 15_000,
}) {
  const exportNow = serialExporter(async () =>
    exportAuth({ host: await upstream(), projectId, exportDir }),
  );

  const server = http.createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const deadline = Date.now() + waitMs;
      let answer;
      for (;;) {
        try {
          answer = await forward(await withDeadline(upstream(), deadline), request, body);
          break;
        } catch (error) {
          // Refused or reset: the emulator is restarting. Anything else is a real failure.
          if (!['ECONNREFUSED', 'ECONNRESET'].includes(error.code) || Date.now() > deadline) {
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      if (answer.status < 400 && changesAccounts(request.method, request.url)) {
        try {
          await exportNow();
        } catch (error) {
          log(`[local-firebase] ACCOUNTS NOT SAVED to ${exportDir}: ${error.message}`);
          response.writeHead(503, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { code: 503, message: 'UNAVAILABLE' } }));
          return;
        }
      }
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(answer.body.length);
      response.writeHead(answer.status, headers);
      response.end(answer.body);
    } catch (error) {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { code: 503, message: `UNAVAILABLE: ${error.code ?? error.message}` },
        }),
      );
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new Error(
          `Auth emulator port ${host}:${port} is taken (${error.code}); set AUTH_EMULATOR_PORT to another port`,
        ),
      ),
    );
    server.listen(port, host, resolve);
  });
  return {
    host: `${host}:${server.address().port}`,
    exportNow,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

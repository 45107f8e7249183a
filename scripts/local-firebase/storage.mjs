// The local stand-in for Cloud Storage: the part of its JSON API that firebase-admin's
// @google-cloud/storage client uses for the shop's pictures (a simple or multipart upload, an
// object's metadata and content, its deletion, a listing by prefix), served on 127.0.0.1 and kept
// in `<data dir>/storage/<bucket>/`, so pictures survive a restart like the rest of the local
// data. The firebase-tools Storage emulator cannot run here: it downloads a rules runtime at first
// use, and this machine reaches only the npm registry. Server-side uploads skip security rules
// anyway, so none are applied.
// The app finds it through FIREBASE_STORAGE_EMULATOR_HOST (firebase-admin's own variable).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Larger bodies are refused (the app's own limit is 10 MB a picture). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

// CRC32C (Castagnoli), which the client checks downloads against (x-goog-hash).
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32c(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const value = (crc ^ 0xffffffff) >>> 0;
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out.toString('base64');
}

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The JSON part and the media part of a multipart/related upload. */
function parseMultipart(body, contentType) {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) throw new HttpError(400, 'multipart upload without a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      // The part ends with the CRLF before the next delimiter.
      const content = part.subarray(headerEnd + 4, part.length - 2);
      parts.push({ headers, content });
    }
    start = next;
  }
  if (parts.length < 2) throw new HttpError(400, 'multipart upload needs metadata and media');
  const mediaType = /content-type:\s*([^\r\n]+)/i.exec(parts[1].headers)?.[1]?.trim();
  return {
    metadata: JSON.parse(parts[0].content.toString('utf8')),
    media: parts[1].content,
    mediaType,
  };
}

/** A bucket's objects, one content file and one metadata file each, named by the object's name. */
export function createObjectStore(rootDir) {
  const fileOf = (bucket, name) => {
    if (!/^[\w.-]+$/.test(bucket)) throw new HttpError(400, 'invalid bucket name');
    if (!name || name.length > 1024) throw new HttpError(400, 'invalid object name');
    return path.join(rootDir, bucket, encodeURIComponent(name));
  };
  const writeAtomic = (file, content) => {
    const temporary = `${file}.${randomUUID()}.tmp`;
    fs.writeFileSync(temporary, content);
    fs.renameSync(temporary, file);
  };
  return {
    put(bucket, name, bytes, { contentType, metadata }) {
      const file = fileOf(bucket, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const now = new Date().toISOString();
      const generation = String(Date.now() * 1000);
      const resource = {
        kind: 'storage#object',
        id: `${bucket}/${name}/${generation}`,
        name,
        bucket,
        generation,
        metageneration: '1',
        contentType: contentType || 'application/octet-stream',
        size: String(bytes.length),
        md5Hash: createHash('md5').update(bytes).digest('base64'),
        crc32c: crc32c(bytes),
        timeCreated: now,
        updated: now,
        ...(metadata ? { metadata } : {}),
      };
      // Content first: a crash between the two leaves no metadata pointing at nothing.
      writeAtomic(`${file}.bin`, bytes);
      writeAtomic(`${file}.json`, JSON.stringify(resource));
      return resource;
    },
    head(bucket, name) {
      try {
        return JSON.parse(fs.readFileSync(`${fileOf(bucket, name)}.json`, 'utf8'));
      } catch {
        return null;
      }
    },
    read(bucket, name) {
      const resource = this.head(bucket, name);
      if (!resource) return null;
      return { resource, bytes: fs.readFileSync(`${fileOf(bucket, name)}.bin`) };
    },
    remove(bucket, name) {
      const file = fileOf(bucket, name);
      if (!fs.existsSync(`${file}.json`)) return false;
      fs.rmSync(`${file}.json`, { force: true });
      fs.rmSync(`${file}.bin`, { force: true });
      return true;
    },
    list(bucket, prefix = '') {
      const directory = path.join(rootDir, bucket);
      if (!fs.existsSync(directory)) return [];
      return fs
        .readdirSync(directory)
        .filter((entry) => entry.endsWith('.json'))
        .map((entry) => decodeURIComponent(entry.slice(0, -'.json'.length)))
        .filter((name) => name.startsWith(prefix))
        .sort()
        .map((name) => this.head(bucket, name))
        .filter(Boolean);
    },
  };
}

// Each answer closes its connection: a client that sent its next request on a kept-alive socket
// the moment the server's idle timeout closed it got 'socket hang up', and an upload is not
// retried. Connections to 127.0.0.1 cost nothing to open.
function send(response, status, body, headers = {}) {
  headers = { connection: 'close', ...headers };
  if (Buffer.isBuffer(body)) {
    response.writeHead(status, { 'content-length': body.length, ...headers });
    response.end(body);
    return;
  }
  const json = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  response.end(json);
}

async function handle(store, request, response) {
  const url = new URL(request.url, 'http://storage.local');
  const method = request.method ?? 'GET';
  const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
  if (upload && method === 'POST') {
    const bucket = decodeURIComponent(upload[1]);
    const body = await readBody(request);
    const type = url.searchParams.get('uploadType');
    if (type === 'multipart') {
      const { metadata, media, mediaType } = parseMultipart(body, request.headers['content-type']);
      const name = metadata.name ?? url.searchParams.get('name');
      const resource = store.put(bucket, name, media, {
        contentType: metadata.contentType ?? mediaType,
        metadata: metadata.metadata,
      });
      return send(response, 200, resource);
    }
    if (type === 'media') {
      const resource = store.put(bucket, url.searchParams.get('name'), body, {
        contentType: request.headers['content-type'],
      });
      return send(response, 200, resource);
    }
    throw new HttpError(400, `uploadType ${type} is not supported here (use resumable: false)`);
  }
  // The client asks with and without the /storage/v1 prefix (an emulator host as its endpoint).
  const object = /^(?:\/download)?(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
  if (object) {
    const bucket = decodeURIComponent(object[1]);
    const name = decodeURIComponent(object[2]);
    if (method === 'DELETE') {
      if (!store.remove(bucket, name))
        throw new HttpError(404, `No such object: ${bucket}/${name}`);
      return send(response, 204, undefined);
    }
    if (method === 'GET') {
      if (url.searchParams.get('alt') === 'media') {
        const found = store.read(bucket, name);
        if (!found) throw new HttpError(404, `No such object: ${bucket}/${name}`);
        return send(response, 200, found.bytes, {
          'content-type': found.resource.contentType,
          'x-goog-hash': `crc32c=${found.resource.crc32c},md5=${found.resource.md5Hash}`,
          'x-goog-generation': found.resource.generation,
        });
      }
      const resource = store.head(bucket, name);
      if (!resource) throw new HttpError(404, `No such object: ${bucket}/${name}`);
      return send(response, 200, resource);
    }
  }
  const listing = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o$/.exec(url.pathname);
  if (listing && method === 'GET') {
    const items = store.list(decodeURIComponent(listing[1]), url.searchParams.get('prefix') ?? '');
    return send(response, 200, { kind: 'storage#objects', items });
  }
  throw new HttpError(404, `${method} ${url.pathname} is not part of the local stand-in`);
}

/**
 * Starts the stand-in on 127.0.0.1:`port` (0: any free port), keeping objects under `rootDir`.
 * Resolves to { host, port, store, stop() }.
 */
export async function startStorageStandIn({ rootDir, port = 0, log = () => {} }) {
  const store = createObjectStore(rootDir);
  const server = http.createServer((request, response) => {
    handle(store, request, response).catch((error) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) log(`[local-firebase] storage: ${error?.stack ?? error}`);
      if (!response.headersSent) {
        send(response, status, { error: { code: status, message: String(error?.message) } });
      } else response.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = server.address().port;
  return {
    host: `127.0.0.1:${bound}`,
    port: bound,
    store,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

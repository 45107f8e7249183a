// The local Cloud Storage stand-in (storage.mjs), driven by the very client the app uses
// (firebase-admin's getStorage, @google-cloud/storage under it): what it writes can be read back,
// listed and deleted, it survives a restart on the same data folder, and downloads pass the
// client's checksum check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';

import { crc32c, startStorageStandIn } from './storage.mjs';

jest.setTimeout(30_000);

const BUCKET = 'demo-storage-test.firebasestorage.app';
let rootDir: string;
let standIn: Awaited<ReturnType<typeof startStorageStandIn>>;
let app: App;
const saved = { ...process.env };

async function start() {
  standIn = await startStorageStandIn({ rootDir });
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = standIn.host;
  // firebase-admin copies the host into STORAGE_EMULATOR_HOST once, when it is not set.
  delete process.env.STORAGE_EMULATOR_HOST;
  app = initializeApp(
    { projectId: 'demo-storage-test', storageBucket: BUCKET },
    `storage-${Date.now()}-${Math.random()}`,
  );
}

async function stop() {
  await deleteApp(app);
  await standIn.stop();
}

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-stand-in-'));
  await start();
});

afterAll(async () => {
  await stop();
  fs.rmSync(rootDir, { recursive: true, force: true });
  for (const name of ['FIREBASE_STORAGE_EMULATOR_HOST', 'STORAGE_EMULATOR_HOST']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const bucket = () => getStorage(app).bucket();

describe('the local Cloud Storage stand-in', () => {
  it('computes CRC32C as Cloud Storage does', () => {
    // The check value of CRC-32C for '123456789' is 0xE3069283.
    expect(crc32c(Buffer.from('123456789'))).toBe(
      Buffer.from('e3069283', 'hex').toString('base64'),
    );
  });

  it('stores an object, answers its metadata and content, lists it and deletes it', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const file = bucket().file('products/ovo-pistache/abc123.jpg');
    await file.save(bytes, {
      resumable: false,
      contentType: 'image/jpeg',
      metadata: { cacheControl: 'public, max-age=31536000, immutable' },
    });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({
      name: 'products/ovo-pistache/abc123.jpg',
      bucket: BUCKET,
      contentType: 'image/jpeg',
      size: String(bytes.length),
    });
    const [downloaded] = await file.download();
    expect(Buffer.compare(downloaded, bytes)).toBe(0);

    await bucket().file('products/mini-ovo/def456.jpg').save(Buffer.from('x'), {
      resumable: false,
      contentType: 'image/jpeg',
    });
    const [listed] = await bucket().getFiles({ prefix: 'products/ovo-pistache/' });
    expect(listed.map((entry) => entry.name)).toEqual(['products/ovo-pistache/abc123.jpg']);

    await file.delete();
    expect((await file.exists())[0]).toBe(false);
    await expect(file.download()).rejects.toMatchObject({ code: 404 });
  });

  it('keeps what it stored across a restart on the same data folder', async () => {
    const bytes = Buffer.from('a banner, stored before the restart');
    await bucket().file('banners/1/xyz.jpg').save(bytes, { resumable: false });
    await stop();
    await start();
    const [downloaded] = await bucket().file('banners/1/xyz.jpg').download();
    expect(downloaded.toString()).toBe(bytes.toString());
  });

  it('refuses what it does not implement, clearly', async () => {
    const response = await fetch(`http://${standIn.host}/storage/v1/b/${BUCKET}/iam`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404 } });
  });
});

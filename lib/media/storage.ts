import 'server-only';

import { getStorage } from 'firebase-admin/storage';

import { getEnv } from '@/lib/env';
import { getAdminApp } from '@/lib/firebase/admin';

// The shop's pictures in Cloud Storage for Firebase: the project's bucket in production, the
// local stand-in with the local Firebase (scripts/local-firebase/storage.mjs, through
// FIREBASE_STORAGE_EMULATOR_HOST, which firebase-admin reads itself). Only the server writes;
// storage.rules lets anyone read the published pictures and no client write. Objects are named by
// their content (lib/media/images.ts), so an object never changes once written.

/** Thrown when the storage cannot be used at all (the local stand-in is not running). */
export class StorageUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}

/** The bucket's name: the Firebase config's, else the project's default one. */
export function bucketName(): string {
  const { firebase } = getEnv();
  if (firebase.mode === 'real' && firebase.client.storageBucket) {
    return firebase.client.storageBucket;
  }
  return `${firebase.projectId}.firebasestorage.app`;
}

function bucket() {
  const { firebase } = getEnv();
  if (firebase.mode === 'local' && !firebase.storageEmulatorHost) {
    throw new StorageUnavailableError('the local Firebase runs no storage stand-in');
  }
  return getStorage(getAdminApp()).bucket(bucketName());
}

/** Picture objects are named by their content: cached by anyone for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Writes the object `path` (a simple upload: pictures are a few hundred KB). */
export async function saveObject(path: string, bytes: Buffer, contentType: string): Promise<void> {
  await bucket()
    .file(path)
    .save(bytes, { resumable: false, contentType, metadata: { cacheControl: IMMUTABLE } });
}

/** The object `path` and its type, or null when there is none. */
export async function readObject(
  path: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = bucket().file(path);
  try {
    const [[bytes], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
    return { bytes, contentType: metadata.contentType ?? 'application/octet-stream' };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 404) return null;
    throw error;
  }
}

/** Deletes the object `path`; one already gone is fine. */
export async function deleteObject(path: string): Promise<void> {
  await bucket().file(path).delete({ ignoreNotFound: true });
}

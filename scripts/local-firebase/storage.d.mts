// Types of storage.mjs for the TypeScript tests and code that import it.
export function crc32c(bytes: Uint8Array): string;

export type StoredObject = {
  name: string;
  bucket: string;
  contentType: string;
  size: string;
  md5Hash: string;
  crc32c: string;
  metadata?: Record<string, string>;
};

export function createObjectStore(rootDir: string): {
  put(
    bucket: string,
    name: string,
    bytes: Buffer,
    options: { contentType?: string; metadata?: Record<string, string> },
  ): StoredObject;
  head(bucket: string, name: string): StoredObject | null;
  read(bucket: string, name: string): { resource: StoredObject; bytes: Buffer } | null;
  remove(bucket: string, name: string): boolean;
  list(bucket: string, prefix?: string): StoredObject[];
};

export function startStorageStandIn(options: {
  rootDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<{
  host: string;
  port: number;
  store: ReturnType<typeof createObjectStore>;
  stop(): Promise<void>;
}>;

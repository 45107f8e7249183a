// Types of scripts/local-firebase/firestore.mjs, for the tests that run the emulator in process.
export declare const TRANSACTION_HOLD_TIMEOUT_MS: number;
export declare function startFirestoreEmulator(options?: {
  host?: string;
  port?: number;
  log?: (line: string) => void;
  holdTimeoutMs?: number;
  onRead?: (count: number, kind: string) => void;
  onWrite?: (count: number) => void;
  onTransaction?: () => void;
  indexes?: unknown[] | null;
}): Promise<{
  /** The emulator's state tree (@firestore-emulator/server's FirestoreState). */
  state: {
    getCollection(path: string): { getAllDocuments(): unknown[] };
  };
  host: string;
  port: number;
  setBeforeAcknowledge(fn: () => void): void;
  stop(): Promise<void>;
}>;

// Types of scripts/local-firebase/persistence.mjs, for its tests.
export declare const JOURNAL_COMPACT_BYTES: number;
export declare function journalFileFor(file: string): string;
export declare function persistState(
  state: unknown,
  file: string,
  options?: { log?: (line: string) => void; sync?: boolean; compactBytes?: number },
): {
  commit(): Promise<void>;
  flush(): void;
  close(): void;
};

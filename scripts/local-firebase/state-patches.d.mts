// Types of scripts/local-firebase/state-patches.mjs, for its tests.
export declare function patchEmulatorState(): void;
export declare function growsInPlace(collection: unknown): boolean;

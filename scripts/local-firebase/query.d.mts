// Types of scripts/local-firebase/query.mjs, for its tests.
export declare function indexesOf(state: unknown): {
  /** Documents examined by queries so far. */
  examined(): number;
};

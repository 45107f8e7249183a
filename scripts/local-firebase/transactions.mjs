import { randomBytes } from 'node:crypto';

import { GrpcError, Status } from './grpc-error.mjs';
import { runStructuredQuery } from './query.mjs';

export const TRANSACTION_HOLD_TIMEOUT_MS = 10_000;
const READ_ONLY_TRANSACTION_TTL_MS = 5 * 60_000;

/**
 * Optimistic concurrency, as Firestore's contract for server SDKs promises: transactions run side
 * by side, each remembers what it read (every document with the version it saw, every query with
 * the documents it returned), and its commit is refused with ABORTED if any of that changed
 * meanwhile; firebase-admin then runs the transaction function again. Versions are a commit
 * sequence per document path (never wall-clock time, which two commits in one millisecond share).
 */
export class TransactionManager {
  #transactions = new Map();
  #versions = new Map();
  #sequence = 0;
  #log;
  #holdTimeoutMs;

  #onBegin;

  constructor({ log, holdTimeoutMs, onBegin = () => {} }) {
    this.#log = log;
    this.#holdTimeoutMs = holdTimeoutMs;
    this.#onBegin = onBegin;
  }

  /** The version of a document: 0 until a commit writes it. */
  versionOf(path) {
    return this.#versions.get(path) ?? 0;
  }

  /** Marks the documents of an applied commit as changed (bumps their versions). */
  written(paths) {
    this.#sequence += 1;
    for (const path of paths) this.#versions.set(path, this.#sequence);
  }

  begin(database, options, call) {
    if (call?.cancelled) throw new GrpcError(Status.CANCELLED, 'Call cancelled.');
    const id = new Uint8Array(randomBytes(16));
    const tx = {
      key: Buffer.from(id).toString('hex'),
      id,
      database,
      readOnly: Boolean(options?.has_read_only),
      /** path -> version first seen, for read-write transactions. */
      documents: new Map(),
      /** { parent, query, seen: [[path, version], ...] } of each query run in it. */
      queries: [],
      /** Set when one read already saw a document differ from an earlier read of it. */
      conflict: null,
      timer: null,
    };
    // A transaction that is neither committed nor rolled back (its client crashed, or stalled)
    // is dropped after a while, so memory stays bounded; committing it then answers ABORTED.
    const ttl = tx.readOnly ? READ_ONLY_TRANSACTION_TTL_MS : this.#holdTimeoutMs;
    tx.timer = setTimeout(() => {
      if (!tx.readOnly) {
        this.#log(`[firestore] transaction open ${ttl} ms without committing: expired`);
      }
      this.finish(tx);
    }, ttl);
    tx.timer.unref();
    this.#transactions.set(tx.key, tx);
    if (!tx.readOnly) this.#onBegin();
    return tx;
  }

  get(id) {
    const tx = id && id.length > 0 ? this.#transactions.get(Buffer.from(id).toString('hex')) : null;
    if (!tx) {
      throw new GrpcError(
        Status.ABORTED,
        'Transaction expired (open too long) or unknown; retry the transaction.',
      );
    }
    return tx;
  }

  finish(tx) {
    if (this.#transactions.get(tx.key) !== tx) return;
    clearTimeout(tx.timer);
    this.#transactions.delete(tx.key);
  }

  /** Remembers that read-write `tx` read the document at `path` (found or missing). */
  readDocument(tx, path) {
    const version = this.versionOf(path);
    const seen = tx.documents.get(path);
    if (seen === undefined) tx.documents.set(path, version);
    else if (seen !== version) tx.conflict ??= `${path} changed between two of its reads`;
  }

  /** Remembers that read-write `tx` ran a query and which documents it returned. */
  readQuery(tx, parent, query, docs) {
    tx.queries.push({
      parent,
      query,
      seen: docs.map((d) => [d.getPath(), this.versionOf(d.getPath())]),
    });
  }

  /**
   * Why `tx` may not commit on `state` now (a read it made would answer differently), or null.
   * Queries are run again: a document that now matches (or no longer does) is a conflict too.
   */
  conflictOf(tx, state) {
    if (tx.conflict) return tx.conflict;
    for (const [path, version] of tx.documents) {
      if (this.versionOf(path) !== version) {
        return `${path} was changed by another commit after this transaction read it`;
      }
    }
    for (const { parent, query, seen } of tx.queries) {
      const now = runStructuredQuery(state, parent, query).docs;
      const same =
        now.length === seen.length &&
        now.every(
          (d, i) => d.getPath() === seen[i][0] && this.versionOf(d.getPath()) === seen[i][1],
        );
      if (!same) return `a query under ${parent} it ran would now return other documents`;
    }
    return null;
  }
}

import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import {
  deleteAt,
  fieldFromProto,
  fieldsFromProtoMap,
  getAt,
  makeField,
  parseFieldPath,
  setAt,
  timestampFromDate,
} from './fields.mjs';
import { patchEmulatorState } from './state-patches.mjs';
import { missingIndex } from './indexes.mjs';
import { listenHandler } from './listen.mjs';
import { runStructuredQuery } from './query.mjs';

const require = createRequire(import.meta.url);
const grpc = require('@grpc/grpc-js');
const { FirestoreServer } = require('@firestore-emulator/server');
const {
  BatchGetDocumentsResponse,
  BeginTransactionResponse,
  CommitResponse,
  RunAggregationQueryResponse,
  RunQueryResponse,
} = require('@firestore-emulator/proto/dist/google/firestore/v1/firestore');
const { Empty } = require('@firestore-emulator/proto/dist/google/protobuf/empty');

const { status: Status } = grpc;

export const TRANSACTION_HOLD_TIMEOUT_MS = 10_000;
const READ_ONLY_TRANSACTION_TTL_MS = 5 * 60_000;

class GrpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function toGrpcStatus(error) {
  if (error instanceof GrpcError) return { code: error.code, details: error.message };
  // The emulator's own FirestoreEmulatorError carries a numeric gRPC code.
  if (error && typeof error.code === 'number') return { code: error.code, details: error.message };
  return { code: Status.INTERNAL, details: String(error?.message ?? error) };
}

function databaseOf(resourcePath) {
  return resourcePath.split('/').slice(0, 4).join('/');
}

/**
 * Optimistic concurrency, as Firestore's contract for server SDKs promises: transactions run side
 * by side, each remembers what it read (every document with the version it saw, every query with
 * the documents it returned), and its commit is refused with ABORTED if any of that changed
 * meanwhile; firebase-admin then runs the transaction function again. Versions are a commit
 * sequence per document path (never wall-clock time, which two commits in one millisecond share).
 */
class TransactionManager {
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

function numericValue(field) {
  return field && (field.type === 'integer_value' || field.type === 'double_value')
    ? field.value
    : null;
}

function numericField(value, ...operands) {
  return operands.every((f) => f.type === 'integer_value') && Number.isSafeInteger(value)
    ? makeField.integer(value)
    : makeField.double(value);
}

function applyTransform(fields, transform, date) {
  const segments = parseFieldPath(transform.field_path);
  const current = getAt(fields, segments);
  let next;
  if (transform.has_set_to_server_value) {
    if (transform.set_to_server_value !== 1) {
      throw new GrpcError(Status.INVALID_ARGUMENT, 'Unsupported server value');
    }
    next = makeField.timestamp(timestampFromDate(date));
  } else if (transform.has_increment || transform.has_maximum || transform.has_minimum) {
    const operand = fieldFromProto(
      transform.has_increment
        ? transform.increment
        : transform.has_maximum
          ? transform.maximum
          : transform.minimum,
    );
    const a = numericValue(current);
    const b = numericValue(operand);
    if (b === null) throw new GrpcError(Status.INVALID_ARGUMENT, 'Numeric transform operand');
    if (a === null) {
      next = operand;
    } else if (transform.has_increment) {
      next = numericField(a + b, current, operand);
    } else if (transform.has_maximum) {
      next = b > a ? operand : current;
    } else {
      next = b < a ? operand : current;
    }
  } else if (transform.has_append_missing_elements) {
    const values = current?.type === 'array_value' ? [...current.value] : [];
    for (const element of transform.append_missing_elements.values.map(fieldFromProto)) {
      if (!values.some((v) => v.eq(element))) values.push(element);
    }
    next = makeField.array(values);
  } else if (transform.has_remove_all_from_array) {
    const remove = transform.remove_all_from_array.values.map(fieldFromProto);
    const values = current?.type === 'array_value' ? current.value : [];
    next = makeField.array(values.filter((v) => !remove.some((r) => r.eq(v))));
  } else {
    throw new GrpcError(Status.INVALID_ARGUMENT, 'Unsupported field transform');
  }
  return setAt(fields, segments, next);
}

/** count/sum/avg over the documents a query matched (count's up_to bounds the count). */
function aggregateFields(docs, aggregations) {
  const result = {};
  for (const aggregation of aggregations) {
    if (aggregation.has_count) {
      const upTo = aggregation.count.has_up_to ? Number(aggregation.count.up_to.value) : Infinity;
      result[aggregation.alias] = { integer_value: Math.min(docs.length, upTo) };
      continue;
    }
    const field = aggregation.has_sum ? aggregation.sum.field : aggregation.avg.field;
    const numbers = docs
      .map((d) => d.getField(field.field_path))
      .filter((f) => f && (f.type === 'integer_value' || f.type === 'double_value'));
    const total = numbers.reduce((sum, f) => sum + Number(f.value), 0);
    if (aggregation.has_sum) {
      const allIntegers = numbers.every((f) => f.type === 'integer_value');
      result[aggregation.alias] =
        allIntegers && Number.isSafeInteger(total)
          ? { integer_value: total }
          : { double_value: total };
    } else {
      result[aggregation.alias] =
        numbers.length === 0 ? { null_value: 0 } : { double_value: total / numbers.length };
    }
  }
  return result;
}

function notFound(path) {
  return new GrpcError(Status.NOT_FOUND, `No document to update: ${path}`);
}

/**
 * Applies a commit atomically with Firestore's semantics. The emulator's own writer merges on
 * set() (never replaces), ignores FieldValue.delete(), applies only the first of several
 * transforms and keeps the writes before a failing one; this one does none of that.
 */
function applyWrites(state, writes, date) {
  const snapshots = new Map();
  const events = [];
  const results = [];
  try {
    for (const write of writes) {
      if (write.has_transform) {
        throw new GrpcError(Status.UNIMPLEMENTED, 'Standalone transform writes are not supported');
      }
      const path = write.has_delete ? write.delete : write.update.name;
      const doc = state.getDocument(path);
      if (!snapshots.has(doc)) snapshots.set(doc, { fields: doc.fields, metadata: doc.metadata });
      const exists = doc.metadata.hasExist;

      if (write.has_current_document) {
        const pre = write.current_document;
        if (pre.has_exists) {
          if (pre.exists && !exists) throw notFound(path);
          if (!pre.exists && exists) {
            throw new GrpcError(Status.ALREADY_EXISTS, `Document already exists: ${path}`);
          }
        }
        if (pre.has_update_time) {
          const expected = pre.update_time.seconds * 1000 + Math.floor(pre.update_time.nanos / 1e6);
          if (!exists || doc.metadata.updatedAt.getTime() !== expected) {
            throw new GrpcError(Status.FAILED_PRECONDITION, `Update time mismatch: ${path}`);
          }
        }
      }

      if (write.has_delete) {
        if (exists) {
          doc.fields = {};
          doc.metadata = { hasExist: false, createdAt: null, updatedAt: null };
          events.push(['delete-document', doc]);
        }
      } else {
        const incoming = fieldsFromProtoMap(write.update.fields);
        let fields;
        if (write.has_update_mask) {
          fields = exists ? doc.fields : {};
          for (const maskPath of write.update_mask.field_paths) {
            const segments = parseFieldPath(maskPath);
            const value = getAt(incoming, segments);
            fields =
              value === undefined ? deleteAt(fields, segments) : setAt(fields, segments, value);
          }
        } else {
          fields = incoming;
        }
        for (const transform of write.update_transforms) {
          fields = applyTransform(fields, transform, date);
        }
        doc.fields = fields;
        doc.metadata = exists
          ? { hasExist: true, createdAt: doc.metadata.createdAt, updatedAt: date }
          : { hasExist: true, createdAt: date, updatedAt: date };
        events.push([exists ? 'update-document' : 'create-document', doc]);
      }
      results.push({ update_time: timestampFromDate(date), transform_results: [] });
    }
  } catch (error) {
    for (const [doc, snapshot] of snapshots) {
      doc.fields = snapshot.fields;
      doc.metadata = snapshot.metadata;
    }
    throw error;
  }
  for (const [event, document] of events) state.emitter.emit(event, { document });
  return results;
}

function captureServiceImplementation() {
  let captured = null;
  const originalAddService = grpc.Server.prototype.addService;
  // FirestoreServer registers its service on a private server bound to 0.0.0.0; capturing the
  // implementation lets us serve it, wrapped, from our own server bound to 127.0.0.1.
  grpc.Server.prototype.addService = function captureAddService(definition, implementation) {
    captured = { definition, implementation };
  };
  let emulator;
  try {
    emulator = new FirestoreServer();
  } finally {
    grpc.Server.prototype.addService = originalAddService;
  }
  if (!captured) throw new Error('Could not capture the Firestore emulator service');
  return { state: emulator.state, ...captured };
}

/**
 * Starts the in-process Firestore emulator on host:port with atomic commits and concurrent
 * transactions that retry on conflict. Returns { state, port, setBeforeAcknowledge, stop }.
 * `onRead(count, kind)` is told of every billable read as Firestore counts them, `onWrite(count)`
 * of every document write applied (one per document a commit changes) and `onTransaction()` of
 * every read-write transaction begun, each attempt of a retried one included (counting, for
 * tests and the benches). With `indexes` (firestore.indexes.json's list) a query needing a composite index
 * missing from it is refused as a real project refuses it (./indexes.mjs); without, none is.
 */
export async function startFirestoreEmulator({
  host = '127.0.0.1',
  port = 8080,
  log = console.log,
  holdTimeoutMs = TRANSACTION_HOLD_TIMEOUT_MS,
  onRead = () => {},
  onWrite = () => {},
  onTransaction = () => {},
  indexes = null,
} = {}) {
  patchEmulatorState();
  const { state, definition, implementation: impl } = captureServiceImplementation();
  state.emitter.setMaxListeners(0);
  const transactions = new TransactionManager({ log, holdTimeoutMs, onBegin: onTransaction });
  // Set by the persistence: makes a commit's writes durable before the client hears of it.
  let beforeAcknowledge = () => {};

  const unary = (handler) => (call, callback) => {
    handler(call).then(
      (response) => callback(null, response),
      (error) => callback(toGrpcStatus(error), null),
    );
  };
  const streaming = (handler) => (call) => {
    handler(call).catch((error) => call.emit('error', toGrpcStatus(error)));
  };

  /** For reads: opens the transaction asked for, or checks the one named, and returns its id. */
  const transactionForRead = async (request, database, call) => {
    if (request.has_new_transaction) {
      return transactions.begin(database, request.new_transaction, call).id;
    }
    if (request.has_transaction) transactions.get(request.transaction);
    return null;
  };

  /** The read-write transaction a read runs in (its reads are checked at commit), or null. */
  const readingTransaction = (request, txId) => {
    const id = txId ?? (request.has_transaction ? request.transaction : null);
    const tx = id ? transactions.get(id) : null;
    return tx && !tx.readOnly ? tx : null;
  };

  /** Refuses a query whose composite index the project lacks (FAILED_PRECONDITION, as Firestore). */
  const checkIndexes = (query) => {
    const missing = indexes ? missingIndex(query, indexes) : null;
    if (missing) {
      throw new GrpcError(
        Status.FAILED_PRECONDITION,
        `The query requires an index that firestore.indexes.json does not declare: ${missing}`,
      );
    }
  };

  const wrapped = {};
  for (const name of Object.keys(definition)) {
    const original = impl[name];
    wrapped[name] = (call, callback) => {
      try {
        return original.call(impl, call, callback);
      } catch (error) {
        const status = toGrpcStatus(error);
        if (callback) callback(status, null);
        else call.emit('error', status);
        return undefined;
      }
    };
  }

  wrapped.BeginTransaction = unary(async (call) => {
    const tx = transactions.begin(call.request.database, call.request.options, call);
    return BeginTransactionResponse.fromObject({ transaction: tx.id });
  });

  wrapped.Rollback = unary(async (call) => {
    try {
      transactions.finish(transactions.get(call.request.transaction));
    } catch {
      // Rolling back an expired transaction is a no-op.
    }
    return Empty.fromObject({});
  });

  wrapped.Commit = unary(async (call) => {
    const { request } = call;
    const commit = async () => {
      const date = new Date();
      const results = applyWrites(state, request.writes, date);
      onWrite(request.writes.length);
      transactions.written(request.writes.map((w) => (w.has_delete ? w.delete : w.update.name)));
      try {
        await beforeAcknowledge();
      } catch (error) {
        log(`[firestore] COMMIT NOT SAVED to disk: ${error.message}`);
        throw new GrpcError(Status.UNAVAILABLE, 'The local Firestore could not save the commit');
      }
      return CommitResponse.fromObject({
        commit_time: timestampFromDate(date),
        write_results: results,
      });
    };
    if (request.transaction && request.transaction.length > 0) {
      const tx = transactions.get(request.transaction);
      try {
        if (tx.readOnly && request.writes.length > 0) {
          throw new GrpcError(Status.INVALID_ARGUMENT, 'Writes in a read-only transaction');
        }
        if (call.cancelled) throw new GrpcError(Status.CANCELLED, 'Call cancelled');
        const conflict = tx.readOnly ? null : transactions.conflictOf(tx, state);
        if (conflict) {
          // ABORTED is what firebase-admin retries (@google-cloud/firestore's transaction.js).
          throw new GrpcError(Status.ABORTED, `Transaction aborted: ${conflict}; retry it.`);
        }
        return await commit();
      } finally {
        transactions.finish(tx);
      }
    }
    // Outside a transaction a commit applies at once; one JS turn makes it atomic.
    if (call.cancelled) throw new GrpcError(Status.CANCELLED, 'Call cancelled');
    return commit();
  });

  wrapped.BatchGetDocuments = streaming(async (call) => {
    const { request } = call;
    const txId = await transactionForRead(request, request.database, call);
    if (txId) call.write(BatchGetDocumentsResponse.fromObject({ transaction: txId }));
    const reading = readingTransaction(request, txId);
    const readTime = timestampFromDate(new Date());
    onRead(request.documents.length, 'get'); // read counting: one per document, found or missing
    for (const documentPath of request.documents) {
      const document = state.getDocument(documentPath);
      const exists = document.metadata.hasExist;
      if (reading) transactions.readDocument(reading, documentPath);
      call.write(
        BatchGetDocumentsResponse.fromObject({
          found: exists ? document.toV1DocumentObject() : undefined,
          missing: exists ? undefined : documentPath,
          read_time: readTime,
        }),
      );
    }
    call.end();
  });

  wrapped.RunQuery = streaming(async (call) => {
    const { request } = call;
    checkIndexes(request.structured_query);
    const txId = await transactionForRead(request, databaseOf(request.parent), call);
    const { docs, skipped, toObject } = runStructuredQuery(
      state,
      request.parent,
      request.structured_query,
    );
    const reading = readingTransaction(request, txId);
    if (reading) transactions.readQuery(reading, request.parent, request.structured_query, docs);
    const readTime = timestampFromDate(new Date());
    onRead(Math.max(1, docs.length), 'query'); // read counting: one per result, at least one
    const transaction = txId ?? undefined;
    docs.forEach((document, i) => {
      call.write(
        RunQueryResponse.fromObject({
          document: toObject(document),
          read_time: readTime,
          transaction: i === 0 ? transaction : undefined,
        }),
      );
    });
    call.write(
      RunQueryResponse.fromObject({
        done: true,
        read_time: readTime,
        skipped_results: skipped,
        transaction: docs.length === 0 ? transaction : undefined,
      }),
    );
    call.end();
  });

  wrapped.RunAggregationQuery = streaming(async (call) => {
    const { request } = call;
    const txId = await transactionForRead(request, databaseOf(request.parent), call);
    if (request.has_explain_options) {
      throw new GrpcError(Status.UNIMPLEMENTED, 'Explain is not supported by the local Firestore');
    }
    const aggregation = request.structured_aggregation_query;
    checkIndexes(aggregation.structured_query);
    const { docs } = runStructuredQuery(state, request.parent, aggregation.structured_query);
    const reading = readingTransaction(request, txId);
    if (reading)
      transactions.readQuery(reading, request.parent, aggregation.structured_query, docs);
    onRead(1, 'aggregation'); // read counting: one per aggregation (per 1,000 entries in Firestore)
    call.write(
      RunAggregationQueryResponse.fromObject({
        result: { aggregate_fields: aggregateFields(docs, aggregation.aggregations) },
        read_time: timestampFromDate(new Date()),
        transaction: txId ?? undefined,
      }),
    );
    call.end();
  });

  // Only what changed since a target's last snapshot (./listen.mjs); read counting: one per
  // document sent, as Firestore bills a listener.
  wrapped.Listen = listenHandler({
    state,
    runQuery: (parent, query) => runStructuredQuery(state, parent, query),
    onRead: (count) => onRead(count, 'listen'),
    toGrpcStatus,
  });

  const server = new grpc.Server();
  server.addService(definition, wrapped);
  const boundPort = await new Promise((resolve, reject) => {
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, p) =>
      error
        ? reject(
            new Error(
              `Firestore emulator cannot listen on ${host}:${port} (${error.message}); set ` +
                `FIRESTORE_EMULATOR_PORT to another port`,
            ),
          )
        : resolve(p),
    );
  });

  return {
    state,
    host,
    port: boundPort,
    /**
     * fn runs after each commit is applied; the commit is acknowledged once the promise it returns
     * resolves (a throw or a rejection fails it).
     */
    setBeforeAcknowledge(fn) {
      beforeAcknowledge = fn;
    },
    async stop() {
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 1000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

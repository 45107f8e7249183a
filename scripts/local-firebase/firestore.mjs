import { createRequire } from 'node:module';

import { timestampFromDate } from './fields.mjs';
import { GrpcError, Status, toGrpcStatus } from './grpc-error.mjs';
import { patchEmulatorState } from './state-patches.mjs';
import { missingIndex } from './indexes.mjs';
import { listenHandler } from './listen.mjs';
import { runStructuredQuery } from './query.mjs';
import { TRANSACTION_HOLD_TIMEOUT_MS, TransactionManager } from './transactions.mjs';
import { aggregateFields, applyWrites } from './writes.mjs';

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

export { TRANSACTION_HOLD_TIMEOUT_MS };

function databaseOf(resourcePath) {
  return resourcePath.split('/').slice(0, 4).join('/');
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
  // Firestore sends a read's response headers before its first result or its error. The client
  // (google-gax through retry-request) takes an error that comes before any headers for a lost
  // connection and sends the request again twice, seconds apart, whatever its code.
  const streaming = (handler) => (call) => {
    call.sendMetadata(new grpc.Metadata());
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
      // Printed as well: an app that answers the refusal with 'temporarily unavailable' hides it.
      log(`[firestore] refused a query lacking its composite index: ${missing}`);
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

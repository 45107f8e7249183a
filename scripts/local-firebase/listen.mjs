// The local Firestore's Listen stream (onSnapshot), as Firestore serves it: a target's first
// snapshot holds its documents, and each later one only what changed, sent after a commit that
// touched the target's collection (or its documents). The emulator's own Listen re-ran every
// query target and re-sent all of its documents after any write anywhere in the database, read
// only the stream's first request, and kept its handlers after a client cancelled: a per-process
// listener then cost every commit of the shop a full resend to every listening process.
import { createRequire } from 'node:module';

import { timestampFromDate } from './fields.mjs';

const require = createRequire(import.meta.url);
const {
  ListenResponse,
  TargetChangeTargetChangeType: Change,
} = require('@firestore-emulator/proto/dist/google/firestore/v1/firestore');

const DOCUMENT_EVENTS = ['create-document', 'update-document', 'delete-document'];

/** Whether a listened query is its whole collection, as it is stored. */
function isWholeCollection(query) {
  return (
    !query.has_where &&
    query.order_by.length === 0 &&
    !query.has_limit &&
    !query.has_start_at &&
    !query.has_end_at &&
    !query.has_select &&
    Number(query.offset ?? 0) === 0
  );
}

function collectionOf(documentPath) {
  return documentPath.slice(0, documentPath.lastIndexOf('/'));
}

/**
 * A gRPC handler for Listen over `state`. `runQuery(parent, structuredQuery)` answers a query
 * target ({ docs, toObject }, ./query.mjs); `onRead(count)` is told of each document sent.
 */
export function listenHandler({ state, runQuery, onRead, toGrpcStatus }) {
  return (call) => {
    const targets = new Map();
    let closed = false;
    const send = (message) => {
      if (!closed) call.write(ListenResponse.fromObject(message));
    };
    const readTime = () => timestampFromDate(new Date());
    /** Marks everything sent so far as one consistent snapshot (a global NO_CHANGE). */
    const snapshot = () =>
      send({
        target_change: {
          target_change_type: Change.NO_CHANGE,
          target_ids: [],
          read_time: readTime(),
        },
      });

    const addTarget = (target) => {
      const id = target.target_id;
      let current = new Map();
      let evaluate;
      /** Optional: the next result from the previous one and the paths changed since. */
      let evaluateChanged = null;
      let concerns;
      if (target.has_query) {
        const { parent, structured_query: query } = target.query;
        if (query.from.length !== 1 || query.from[0].all_descendants) {
          throw Object.assign(new Error('Listen supports one collection per query'), { code: 12 });
        }
        const collection = `${parent}/${query.from[0].collection_id}`;
        concerns = (documentPath) => collectionOf(documentPath) === collection;
        evaluate = () => {
          const { docs, toObject } = runQuery(parent, query);
          return new Map(docs.map((doc) => [doc.getPath(), () => toObject(doc)]));
        };
        // A whole collection (no filter, order, limit or projection): a document is in it exactly
        // while it exists, so only the changed ones need looking at, not the query run again.
        if (isWholeCollection(query)) {
          evaluateChanged = (changed, previous) => {
            const next = new Map(previous);
            for (const path of changed) {
              const doc = state.getDocument(path);
              if (doc.metadata.hasExist) next.set(path, () => doc.toV1DocumentObject());
              else next.delete(path);
            }
            return next;
          };
        }
      } else if (target.has_documents) {
        const paths = new Set(target.documents.documents);
        concerns = (documentPath) => paths.has(documentPath);
        evaluate = () => {
          const found = new Map();
          for (const documentPath of paths) {
            const doc = state.getDocument(documentPath);
            if (doc.metadata.hasExist) found.set(documentPath, () => doc.toV1DocumentObject());
          }
          return found;
        };
      } else {
        throw Object.assign(new Error('Unsupported Listen target'), { code: 12 });
      }

      send({ target_change: { target_change_type: Change.ADD, target_ids: [id] } });
      current = evaluate();
      for (const document of current.values()) {
        send({ document_change: { document: document(), target_ids: [id] } });
      }
      onRead(current.size);
      send({
        target_change: {
          target_change_type: Change.CURRENT,
          target_ids: [id],
          read_time: readTime(),
        },
      });
      snapshot();

      // Changed documents of this target since its last snapshot, sent once per event-loop turn
      // (a commit's writes emit their events together).
      const dirty = new Set();
      let scheduled = false;
      const flush = () => {
        scheduled = false;
        if (closed || !targets.has(id)) return;
        const next = evaluateChanged ? evaluateChanged(dirty, current) : evaluate();
        let sent = 0;
        for (const [path, document] of next) {
          if (!current.has(path) || dirty.has(path)) {
            send({ document_change: { document: document(), target_ids: [id] } });
            sent += 1;
          }
        }
        for (const path of current.keys()) {
          if (next.has(path)) continue;
          const deleted = !state.getDocument(path).metadata.hasExist;
          const change = { document: path, removed_target_ids: [id], read_time: readTime() };
          send(deleted ? { document_delete: change } : { document_remove: change });
          sent += 1;
        }
        dirty.clear();
        current = next;
        if (sent > 0) {
          onRead(sent);
          snapshot();
        }
      };
      const onEvent = ({ document }) => {
        const documentPath = document.getPath();
        if (!concerns(documentPath)) return;
        dirty.add(documentPath);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      };
      for (const event of DOCUMENT_EVENTS) state.emitter.on(event, onEvent);
      targets.set(id, () => {
        for (const event of DOCUMENT_EVENTS) state.emitter.off(event, onEvent);
      });
    };

    const removeTarget = (id) => {
      targets.get(id)?.();
      targets.delete(id);
      send({ target_change: { target_change_type: Change.REMOVE, target_ids: [id] } });
    };

    const close = () => {
      if (closed) return;
      closed = true;
      for (const stop of targets.values()) stop();
      targets.clear();
    };
    call.on('data', (request) => {
      try {
        if (request.has_add_target) addTarget(request.add_target);
        else if (request.has_remove_target) removeTarget(request.remove_target);
      } catch (error) {
        close();
        call.emit('error', toGrpcStatus(error));
      }
    });
    call.on('end', () => {
      close();
      call.end();
    });
    call.on('cancelled', close);
    call.on('error', close);
  };
}

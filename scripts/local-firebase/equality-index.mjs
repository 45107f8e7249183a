// Single-field equality indexes for the local Firestore. Firestore answers `where(f, '==', v)`
// from an index, in time that does not grow with the collection; the emulator's own query scans
// every document of the collection, so an order's transaction (the account's open orders:
// clientRef == uid) cost more with every order the shop held, and did so twice (the query, then
// its re-run when the commit is checked for conflicts). Here a query with an equality filter
// starts from the documents holding that value, kept per (collection, field) once a query first
// asks for it and updated by every commit; the emulator's own filters then decide as before.
import { createRequire } from 'node:module';

import { fieldFromProto } from './fields.mjs';

const require = createRequire(import.meta.url);
const {
  StructuredQueryCompositeFilterOperator: Composite,
  StructuredQueryFieldFilterOperator: Operator,
} = require('@firestore-emulator/proto/dist/google/firestore/v1/query');

/** A key equal for every two values Firestore's `==` treats as equal; null when not indexed. */
function valueKey(field) {
  if (!field) return null;
  switch (field.type) {
    case 'null_value':
      return 'null';
    case 'boolean_value':
      return `b:${field.value}`;
    case 'integer_value':
    case 'double_value':
      // 1 and 1.0 are equal in Firestore; NaN equals nothing, so it is never looked up.
      return Number.isNaN(Number(field.value)) ? null : `n:${Number(field.value)}`;
    case 'string_value':
      return `s:${field.value}`;
    case 'timestamp_value':
      return `t:${Number(field.value.seconds)}:${field.value.nanos}`;
    case 'reference_value':
      return `r:${field.value}`;
    default:
      return null;
  }
}

/** The collection path a document belongs to (its path without the last segment). */
function collectionOf(document) {
  const documentPath = document.getPath();
  return documentPath.slice(0, documentPath.lastIndexOf('/'));
}

/** The `field == value` clauses every result of `where` must satisfy (top level or AND only). */
function equalityClauses(where) {
  const clauses = [];
  const visit = (filter) => {
    if (filter.has_field_filter && filter.field_filter.op === Operator.EQUAL) {
      clauses.push({
        path: filter.field_filter.field.field_path,
        value: fieldFromProto(filter.field_filter.value),
      });
    } else if (filter.has_composite_filter && filter.composite_filter.op === Composite.AND) {
      filter.composite_filter.filters.forEach(visit);
    }
  };
  visit(where);
  return clauses;
}

/**
 * Equality indexes over `state`, kept current through the state's document events (every commit
 * emits them once it has applied). Build with the state loaded: a collection's index for a field
 * is made from its documents the first time a query asks, then only updated.
 */
export function equalityIndexes(state) {
  /** collection path -> field path -> { byValue: Map<key, Set<doc>>, keyOf: Map<doc, key> } */
  const indexes = new Map();
  /** Documents examined by queries (a test hook: an indexed query examines only its matches). */
  let examined = 0;

  const place = (index, document, path) => {
    const before = index.keyOf.get(document);
    // getField reads nested paths and `__name__` (./state-patches.mjs).
    const key = document.metadata.hasExist ? valueKey(document.getField(path)) : null;
    if (before === key) return;
    if (before !== undefined) {
      const set = index.byValue.get(before);
      set.delete(document);
      if (set.size === 0) index.byValue.delete(before);
      index.keyOf.delete(document);
    }
    if (key !== null) {
      let set = index.byValue.get(key);
      if (!set) index.byValue.set(key, (set = new Set()));
      set.add(document);
      index.keyOf.set(document, key);
    }
  };

  const onChange = ({ document }) => {
    const fields = indexes.get(collectionOf(document));
    if (!fields) return;
    for (const [path, index] of fields) place(index, document, path);
  };
  for (const event of ['create-document', 'update-document', 'delete-document']) {
    state.emitter.on(event, onChange);
  }
  state.emitter.on('clear-all-projects', () => indexes.clear());

  const indexFor = (collectionPath, path) => {
    let fields = indexes.get(collectionPath);
    if (!fields) indexes.set(collectionPath, (fields = new Map()));
    let index = fields.get(path);
    if (!index) {
      index = { byValue: new Map(), keyOf: new Map() };
      for (const document of state.getCollection(collectionPath).getAllDocuments()) {
        place(index, document, path);
      }
      fields.set(path, index);
    }
    return index;
  };

  return {
    /**
     * The documents of `parent`'s collection that `query` can match, as an array: those holding
     * the value of its most selective equality filter, or every document when it has none;
     * null for a query the emulator itself refuses (not exactly one collection).
     */
    candidates(parent, query) {
      const collectionId = query.from.length === 1 ? query.from[0]?.collection_id : null;
      if (!collectionId) return null;
      const collectionPath = `${parent}/${collectionId}`;
      const clauses = query.has_where ? equalityClauses(query.where) : [];
      let best = null;
      for (const { path, value } of clauses) {
        const key = valueKey(value);
        if (key === null) continue;
        const matches = indexFor(collectionPath, path).byValue.get(key) ?? new Set();
        if (!best || matches.size < best.size) best = matches;
        if (best.size === 0) break;
      }
      const documents = best ? [...best] : state.getCollection(collectionPath).getAllDocuments();
      examined += documents.length;
      return documents;
    },
    /** Documents examined by queries so far. */
    examined: () => examined,
  };
}

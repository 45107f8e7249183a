import { createRequire } from 'node:module';

import { equalityIndexes } from './equality-index.mjs';
import { fieldFromProto, getAt, parseFieldPath } from './fields.mjs';

const require = createRequire(import.meta.url);
const {
  StructuredQueryDirection: Direction,
} = require('@firestore-emulator/proto/dist/google/firestore/v1/query');

/**
 * Firestore's query semantics on top of the emulator's filtering. The bare emulator sorts and
 * limits but ignores cursors (startAt/startAfter/endAt/endBefore), offset and select(), keeps
 * documents that lack an orderBy field and breaks ties in insertion order; paged queries (the
 * control panel's) need all of these to behave as in production.
 */

// Firestore's cross-type order: null < booleans < numbers < timestamps < strings < bytes <
// references < geo points < arrays < maps.
const TYPE_RANK = {
  null_value: 0,
  boolean_value: 1,
  integer_value: 2,
  double_value: 2,
  timestamp_value: 3,
  string_value: 4,
  bytes_value: 5,
  reference_value: 6,
  geo_point_value: 7,
  array_value: 8,
  map_value: 9,
};

function sign(n) {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareNumbers(a, b) {
  // NaN sorts before every other number.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return sign(a - b);
}

const SLASH = 0x2f;

function isSurrogate(unit) {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** Two different UTF-16 units in code point order (see compareStrings). */
function compareUnits(x, y) {
  const sx = isSurrogate(x);
  if (sx !== isSurrogate(y)) return sx ? 1 : -1;
  return sign(x - y);
}

function compareStrings(a, b) {
  // Firestore compares UTF-8 bytes, which orders like code points. UTF-16 units order the same,
  // except that a surrogate (half of a code point above U+FFFF) is above every other unit.
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return compareUnits(x, y);
  }
  return sign(a.length - b.length);
}

function compareReferences(a, b) {
  // Segment by segment, as compareStrings orders each: a '/' ends a segment, so it sorts below
  // every other unit.
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x === SLASH) return -1;
    if (y === SLASH) return 1;
    return compareUnits(x, y);
  }
  return sign(a.length - b.length);
}

/** Compares two emulator fields in Firestore's value order. */
export function compareFields(a, b) {
  const rank = TYPE_RANK[a.type] - TYPE_RANK[b.type];
  if (rank !== 0) return sign(rank);
  switch (a.type) {
    case 'null_value':
      return 0;
    case 'boolean_value':
      return sign(Number(a.value) - Number(b.value));
    case 'integer_value':
    case 'double_value':
      return compareNumbers(Number(a.value), Number(b.value));
    case 'timestamp_value':
      return (
        sign(Number(a.value.seconds) - Number(b.value.seconds)) ||
        sign(a.value.nanos - b.value.nanos)
      );
    case 'string_value':
      return compareStrings(a.value, b.value);
    case 'bytes_value':
      return sign(Buffer.compare(Buffer.from(a.value), Buffer.from(b.value)));
    case 'reference_value':
      return compareReferences(a.value, b.value);
    case 'geo_point_value':
      return (
        sign(a.value.latitude - b.value.latitude) || sign(a.value.longitude - b.value.longitude)
      );
    case 'array_value': {
      for (let i = 0; i < Math.min(a.value.length, b.value.length); i += 1) {
        const c = compareFields(a.value[i], b.value[i]);
        if (c !== 0) return c;
      }
      return sign(a.value.length - b.value.length);
    }
    case 'map_value': {
      const ka = Object.keys(a.value).sort(compareStrings);
      const kb = Object.keys(b.value).sort(compareStrings);
      for (let i = 0; i < Math.min(ka.length, kb.length); i += 1) {
        const c = compareStrings(ka[i], kb[i]) || compareFields(a.value[ka[i]], b.value[kb[i]]);
        if (c !== 0) return c;
      }
      return sign(ka.length - kb.length);
    }
    default:
      throw new Error(`Cannot compare field type ${a.type}`);
  }
}

const NAME = '__name__';

/**
 * The effective ordering: the explicit orderBy clauses, then the document name in the direction
 * of the last clause (ascending when none), as Firestore does implicitly.
 */
function effectiveOrder(query) {
  const order = query.order_by.map((o) => ({
    path: o.field.field_path,
    descending: o.direction === Direction.DESCENDING,
  }));
  if (!order.some((o) => o.path === NAME)) {
    order.push({ path: NAME, descending: order.at(-1)?.descending ?? false });
  }
  return order;
}

function valueAt(document, path) {
  return document.getField(path);
}

/** Compares a document with a cursor's values over the first values.length orderings. */
function compareWithCursor(document, order, values) {
  for (let i = 0; i < values.length; i += 1) {
    const field = valueAt(document, order[i].path);
    let cursorValue = values[i];
    if (order[i].path === NAME && cursorValue.type === 'string_value') {
      // A bare id as cursor value: resolve it against the document's collection.
      const base = document.getPath().split('/').slice(0, -1).join('/');
      cursorValue = { type: 'reference_value', value: `${base}/${cursorValue.value}` };
    }
    const c = compareFields(field, cursorValue);
    if (c !== 0) return order[i].descending ? -c : c;
  }
  return 0;
}

function projectFields(document, selectPaths) {
  const full = document.toV1DocumentObject();
  const fields = {};
  for (const path of selectPaths) {
    if (path === NAME) continue;
    const segments = parseFieldPath(path);
    const field = getAt(document.fields, segments);
    if (field === undefined) continue;
    // Rebuild the nested maps down to the selected leaf, in the V1 object form.
    let target = fields;
    for (let i = 0; i < segments.length - 1; i += 1) {
      const key = segments[i];
      target[key] ??= { map_value: { fields: {} } };
      target = target[key].map_value.fields;
    }
    target[segments.at(-1)] = field.toV1ValueObject();
  }
  return { ...full, fields };
}

const indexesByState = new WeakMap();

/** The equality indexes of `state` (./equality-index.mjs), made at its first query. */
export function indexesOf(state) {
  let indexes = indexesByState.get(state);
  if (!indexes) {
    indexes = equalityIndexes(state);
    indexesByState.set(state, indexes);
  }
  return indexes;
}

/**
 * Runs a StructuredQuery against the emulator's state with production semantics. Returns the
 * emulator documents in order (after cursors, offset and limit), how many the offset skipped,
 * and a toObject(document) that applies the query's select() projection.
 */
export function runStructuredQuery(state, parent, query) {
  // The emulator's own pass filters only: no ordering (ours is total) and no limit (cursors and
  // offset come first). It filters the documents an equality index offers, not the collection.
  const candidates = indexesOf(state).candidates(parent, query);
  const source = candidates
    ? Object.create(state, {
        getCollection: { value: () => ({ getAllDocuments: () => candidates }) },
      })
    : state;
  let docs = state.v1Query.call(source, parent, {
    from: query.from,
    order_by: [],
    has_where: query.has_where,
    where: query.where,
    has_limit: false,
  });
  const order = effectiveOrder(query);
  // Each document's order values read once, not at every comparison of the sort.
  const keyed = docs.map((document) => ({
    document,
    values: order.map((o) => valueAt(document, o.path)),
  }));
  docs = keyed
    // An orderBy on a field excludes documents without that field.
    .filter(({ values }) => values.every((value) => value !== undefined))
    .sort((a, b) => {
      for (let i = 0; i < order.length; i += 1) {
        const c = compareFields(a.values[i], b.values[i]);
        if (c !== 0) return order[i].descending ? -c : c;
      }
      return 0;
    })
    .map(({ document }) => document);

  if (query.has_start_at) {
    const values = query.start_at.values.map(fieldFromProto);
    // before = true: startAt (the cursor position included); false: startAfter.
    const inclusive = query.start_at.before;
    docs = docs.filter((d) => {
      const c = compareWithCursor(d, order, values);
      return c > 0 || (c === 0 && inclusive);
    });
  }
  if (query.has_end_at) {
    const values = query.end_at.values.map(fieldFromProto);
    // before = true: endBefore (the cursor position excluded); false: endAt.
    const inclusive = !query.end_at.before;
    docs = docs.filter((d) => {
      const c = compareWithCursor(d, order, values);
      return c < 0 || (c === 0 && inclusive);
    });
  }

  const offset = Number(query.offset ?? 0);
  const skipped = Math.min(offset, docs.length);
  if (offset > 0) docs = docs.slice(offset);
  if (query.has_limit) docs = docs.slice(0, Number(query.limit.value));

  const selectPaths = query.has_select ? query.select.fields.map((f) => f.field_path) : null;
  const toObject = (document) =>
    selectPaths ? projectFields(document, selectPaths) : document.toV1DocumentObject();
  return { docs, skipped, toObject };
}

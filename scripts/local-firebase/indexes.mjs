import fs from 'node:fs';

// The composite-index check of the local Firestore: like a real project, a query that needs a
// composite index the project does not declare (firestore.indexes.json) is refused with
// FAILED_PRECONDITION, so a missing index fails the tests instead of the first production query.
//
// Firestore's rules, as far as the shop's queries go (firebase.google.com/docs/firestore/query-data/
// index-overview and .../multiple-range-fields):
// - every field has single-field indexes, so a query on one field (filters and order) needs none;
// - equality filters alone (==, in, IS_NULL) on several fields are served by merging single-field
//   indexes: none needed;
// - equality filters plus an order or a range on another field need a composite index: the
//   equality fields first (any order), then the range and order fields in the query's order with
//   its directions (the fields a range filters on and nobody orders by follow, ascending, in
//   field-path order, as Firestore orders them implicitly). Equality + order queries may also be
//   served by merging composite indexes that end in the same order fields.
// Stricter than Firestore where unsure (never accepting a query Firestore would refuse):
// array-contains needs an index field with arrayConfig CONTAINS, and no index is merged across a
// range filter.

const EQUALITY_OPS = new Set([5, 8]); // EQUAL, IN
const CONTAINS_OPS = new Set([7, 9]); // ARRAY_CONTAINS, ARRAY_CONTAINS_ANY
const RANGE_OPS = new Set([1, 2, 3, 4, 6, 10]); // <, <=, >, >=, !=, NOT_IN
const UNARY_EQUALITY = new Set([2, 3]); // IS_NAN, IS_NULL
const DESCENDING = 2;
const NAME = '__name__';

/** firestore.indexes.json's indexes, read from `file`. */
export function readIndexFile(file) {
  const { indexes = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return indexes;
}

/** The conjunctions a filter stands for (an OR gives one per branch, each checked alone). */
function disjuncts(filter) {
  if (!filter) return [[]];
  if (filter.composite_filter) {
    const { op, filters } = filter.composite_filter;
    const parts = (filters ?? []).map(disjuncts);
    if (op === 2) return parts.flat();
    return parts.reduce(
      (all, part) => all.flatMap((left) => part.map((right) => [...left, ...right])),
      [[]],
    );
  }
  if (filter.field_filter) {
    const { field, op } = filter.field_filter;
    return [[{ path: field.field_path, op }]];
  }
  if (filter.unary_filter) {
    const { field, op } = filter.unary_filter;
    return [[{ path: field.field_path, op: UNARY_EQUALITY.has(op) ? 5 : 6 }]];
  }
  return [[]];
}

/** What one conjunction with the query's order needs, or null when single-field indexes do. */
function requirement(terms, orderBy) {
  const equality = new Set();
  const contains = new Set();
  const ranges = new Set();
  for (const { path, op } of terms) {
    if (EQUALITY_OPS.has(op)) equality.add(path);
    else if (CONTAINS_OPS.has(op)) contains.add(path);
    else if (RANGE_OPS.has(op)) ranges.add(path);
  }
  const order = [];
  for (const { field, direction } of orderBy ?? []) {
    const path = field.field_path;
    if (path === NAME || equality.has(path) || order.some((o) => o.path === path)) continue;
    order.push({ path, descending: direction === DESCENDING });
  }
  for (const path of [...ranges].sort()) {
    if (!order.some((o) => o.path === path)) order.push({ path, descending: false });
  }
  for (const path of equality) contains.delete(path);
  const fields = new Set([...equality, ...contains, ...order.map((o) => o.path)]);
  if (fields.size <= 1) return null;
  if (order.length === 0 && contains.size === 0) return null;
  return { equality, contains, order, ranged: ranges.size > 0 };
}

function fieldMatchesOrder(field, { path, descending }) {
  return field.fieldPath === path && field.order === (descending ? 'DESCENDING' : 'ASCENDING');
}

/** The equality and contains fields `index` covers before ending in exactly `order`, or null. */
function prefixCovered(index, need) {
  const fields = index.fields.filter((field) => field.fieldPath !== NAME);
  const suffix = fields.slice(fields.length - need.order.length);
  if (suffix.length !== need.order.length) return null;
  if (!suffix.every((field, i) => fieldMatchesOrder(field, need.order[i]))) return null;
  const prefix = fields.slice(0, fields.length - need.order.length);
  const covered = { equality: new Set(), contains: new Set() };
  for (const field of prefix) {
    if (field.arrayConfig === 'CONTAINS' && need.contains.has(field.fieldPath)) {
      covered.contains.add(field.fieldPath);
    } else if (field.order && need.equality.has(field.fieldPath)) {
      covered.equality.add(field.fieldPath);
    } else {
      return null;
    }
  }
  return covered;
}

function describe(collection, need) {
  const parts = [
    ...[...need.equality].map((path) => `${path} ASCENDING`),
    ...[...need.contains].map((path) => `${path} CONTAINS`),
    ...need.order.map(
      ({ path, descending }) => `${path} ${descending ? 'DESCENDING' : 'ASCENDING'}`,
    ),
  ];
  return `${collection} (${parts.join(', ')})`;
}

/**
 * The composite index a StructuredQuery (proto object or its toObject() form) needs and
 * `indexes` lacks, described as 'orders (statusKey ASCENDING, orderDate DESCENDING)', or null
 * when the query can run.
 */
export function missingIndex(query, indexes) {
  const plain = typeof query.toObject === 'function' ? query.toObject() : query;
  const from = plain.from?.[0] ?? {};
  const scope = from.all_descendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const candidates = indexes.filter(
    (index) =>
      index.collectionGroup === from.collection_id && (index.queryScope ?? 'COLLECTION') === scope,
  );
  for (const terms of disjuncts(plain.where)) {
    const need = requirement(terms, plain.order_by);
    if (!need) continue;
    const equality = new Set();
    const contains = new Set();
    let exact = false;
    for (const index of candidates) {
      const covered = prefixCovered(index, need);
      if (!covered) continue;
      if (
        covered.equality.size === need.equality.size &&
        covered.contains.size === need.contains.size
      ) {
        exact = true;
        break;
      }
      covered.equality.forEach((path) => equality.add(path));
      covered.contains.forEach((path) => contains.add(path));
    }
    const merged =
      !need.ranged &&
      need.contains.size === 0 &&
      need.equality.size > 0 &&
      equality.size === need.equality.size;
    if (!exact && !merged) return describe(from.collection_id, need);
  }
  return null;
}

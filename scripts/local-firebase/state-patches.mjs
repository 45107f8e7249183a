// What the in-process Firestore emulator's state tree (@firestore-emulator/server) needs to
// behave like Firestore at a shop's size: nested field reads, and child maps that grow in place.
import { createRequire } from 'node:module';

import { getAt, makeField, parseFieldPath } from './fields.mjs';

const require = createRequire(import.meta.url);
const {
  FirestoreState,
  FirestoreStateProject,
  FirestoreStateDatabase,
  FirestoreStateCollection,
  FirestoreStateDocument,
} = require('@firestore-emulator/server');

let patched = false;

/**
 * The child of `owner[field]` named `name`, made by `make()` when missing. The emulator keeps
 * each map of children immutable (immer's produce, which copies and freezes the whole map to add
 * one entry): a collection's first read or write of a new document then costs time in
 * proportion to the documents it holds, so a shop with thousands of rate-limit buckets or orders
 * spent most of its CPU copying them, and loading a saved state took quadratic time. Here each
 * map is copied once into a plain mutable one and grows in place.
 */
function child(owner, field, name, make) {
  let map = owner[field];
  if (Object.isFrozen(map) || Object.getPrototypeOf(map) !== null) {
    map = Object.assign(Object.create(null), map);
    owner[field] = map;
  }
  let entry = map[name];
  if (entry === undefined) {
    entry = make();
    map[name] = entry;
  }
  return entry;
}

/** Applies the patches below to the emulator's classes, once per process. */
export function patchEmulatorState() {
  if (patched) return;
  patched = true;

  // The emulator only reads top-level fields (`address.city` throws "Not implemented"), which
  // breaks where/orderBy on nested fields; `__name__` is needed for documentId() filters.
  FirestoreStateDocument.prototype.getField = function getField(path) {
    if (path === '__name__') return makeField.reference(this.getPath());
    return getAt(this.fields, parseFieldPath(path));
  };

  FirestoreState.prototype.getProject = function getProject(name) {
    return child(this, 'projects', name, () => {
      const project = new FirestoreStateProject(this.emitter, name, {});
      this.emitter.emit('add-project', { project });
      return project;
    });
  };
  FirestoreStateProject.prototype.getDatabase = function getDatabase(name) {
    return child(this, 'databases', name, () => {
      const database = new FirestoreStateDatabase(this.emitter, this, name, {});
      this.emitter.emit('add-database', { database });
      return database;
    });
  };
  FirestoreStateDatabase.prototype.getCollection = function getCollection(name) {
    return child(this, 'collections', name, () => {
      const collection = new FirestoreStateCollection(this.emitter, this, this, name, {});
      this.emitter.emit('add-collection', { collection });
      return collection;
    });
  };
  FirestoreStateDocument.prototype.getCollection = function getCollection(name) {
    return child(this, 'collections', name, () => {
      const collection = new FirestoreStateCollection(this.emitter, this.database, this, name, {});
      this.emitter.emit('add-collection', { collection });
      return collection;
    });
  };
  FirestoreStateCollection.prototype.getDocument = function getDocument(name) {
    return child(
      this,
      'documents',
      name,
      () => new FirestoreStateDocument(this.emitter, this.database, this, name, {}, {}),
    );
  };
}

/** Whether a collection's documents are kept in a map that grows in place (a test hook). */
export function growsInPlace(collection) {
  const map = collection.documents;
  return !Object.isFrozen(map) && Object.getPrototypeOf(map) === null;
}

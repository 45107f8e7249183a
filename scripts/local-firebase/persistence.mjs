import fs from 'node:fs';
import path from 'node:path';

import { fieldsFromJson, fieldsToJson } from './fields.mjs';

const FORMAT = 'chocolate-shop-local-firestore';
const VERSION = 1;

/** Walks the emulator's in-memory tree (its fields are TS-private, plain properties at runtime). */
function* existingDocuments(state) {
  function* fromCollections(collections) {
    for (const collection of Object.values(collections)) {
      for (const document of collection.getAllDocuments()) {
        if (document.metadata.hasExist) yield document;
        yield* fromCollections(document.collections);
      }
    }
  }
  for (const project of Object.values(state.projects)) {
    for (const database of Object.values(project.databases)) {
      yield* fromCollections(database.collections);
    }
  }
}

export function serializeState(state) {
  const documents = [];
  for (const document of existingDocuments(state)) {
    documents.push({
      path: document.getPath(),
      createTime: document.metadata.createdAt.toISOString(),
      updateTime: document.metadata.updatedAt.toISOString(),
      fields: fieldsToJson(document.fields),
    });
  }
  documents.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { format: FORMAT, version: VERSION, savedAt: new Date().toISOString(), documents };
}

function parseDate(value, what) {
  const date = new Date(value);
  if (typeof value !== 'string' || Number.isNaN(date.getTime())) {
    throw new Error(`Invalid ${what}: ${JSON.stringify(value)}`);
  }
  return date;
}

const DOCUMENT_PATH =
  /^projects\/[^/]+\/databases\/[^/]+\/documents\/[^/]+\/[^/]+(\/[^/]+\/[^/]+)*$/;

/** Parses and validates the whole file before touching the state: all or nothing. */
export function parseSnapshot(text) {
  const data = JSON.parse(text);
  if (data?.format !== FORMAT || data.version !== VERSION || !Array.isArray(data.documents)) {
    throw new Error(`Not a ${FORMAT} v${VERSION} file`);
  }
  return data.documents.map((document) => {
    if (typeof document?.path !== 'string' || !DOCUMENT_PATH.test(document.path)) {
      throw new Error(`Invalid document path: ${JSON.stringify(document?.path)}`);
    }
    return {
      path: document.path,
      createdAt: parseDate(document.createTime, 'createTime'),
      updatedAt: parseDate(document.updateTime, 'updateTime'),
      fields: fieldsFromJson(document.fields),
    };
  });
}

export function loadDocuments(state, documents) {
  for (const { path: documentPath, createdAt, updatedAt, fields } of documents) {
    const document = state.getDocument(documentPath);
    document.fields = fields;
    document.metadata = { hasExist: true, createdAt, updatedAt };
  }
}

export function writeFileAtomic(file, text) {
  const temp = `${file}.tmp-${process.pid}`;
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

export function moveAside(file) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = `${file}.corrupt-${stamp}`;
  fs.renameSync(file, target);
  return target;
}

/**
 * Loads `file` into the state. Returns 'loaded', 'missing' or 'corrupt' (after moving the file
 * aside and reporting it loudly).
 */
export function loadStateFile(state, file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return { status: 'missing' };
    throw error;
  }
  try {
    loadDocuments(state, parseSnapshot(text));
    return { status: 'loaded' };
  } catch (error) {
    const movedTo = moveAside(file);
    console.error(
      `[local-firebase] CORRUPT Firestore data file ${file}: ${error.message}\n` +
        `[local-firebase] moved it to ${movedTo}; starting from fresh seed data.`,
    );
    return { status: 'corrupt', movedTo };
  }
}

/** Saves the state to `file` shortly after every change (debounced), and on flush(). */
export function persistState(state, file, { debounceMs = 200, log = console.log } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let timer = null;
  let dirty = false;

  const save = () => {
    clearTimeout(timer);
    timer = null;
    if (!dirty) return;
    dirty = false;
    try {
      writeFileAtomic(file, `${JSON.stringify(serializeState(state), null, 1)}\n`);
    } catch (error) {
      dirty = true;
      log(`[local-firebase] could not save ${file}: ${error.message}`);
    }
  };
  const onChange = () => {
    dirty = true;
    if (!timer) timer = setTimeout(save, debounceMs);
  };
  const events = ['create-document', 'update-document', 'delete-document', 'clear-all-projects'];
  for (const event of events) state.emitter.on(event, onChange);

  return {
    markDirty: onChange,
    flush: save,
    close() {
      for (const event of events) state.emitter.off(event, onChange);
      save();
    },
  };
}

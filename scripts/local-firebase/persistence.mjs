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

function serializeDocument(document) {
  if (!document.metadata.hasExist) return { path: document.getPath(), deleted: true };
  return {
    path: document.getPath(),
    createTime: document.metadata.createdAt.toISOString(),
    updateTime: document.metadata.updatedAt.toISOString(),
    fields: fieldsToJson(document.fields),
  };
}

export function serializeState(state) {
  const documents = [];
  for (const document of existingDocuments(state)) documents.push(serializeDocument(document));
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
  return data.documents.map(parseDocument);
}

function parseDocument(document) {
  if (typeof document?.path !== 'string' || !DOCUMENT_PATH.test(document.path)) {
    throw new Error(`Invalid document path: ${JSON.stringify(document?.path)}`);
  }
  if (document.deleted === true) return { path: document.path, deleted: true };
  return {
    path: document.path,
    createdAt: parseDate(document.createTime, 'createTime'),
    updatedAt: parseDate(document.updateTime, 'updateTime'),
    fields: fieldsFromJson(document.fields),
  };
}

/**
 * Parses a journal: one line per commit, each the full new state of the documents it changed.
 * A last line without its newline is a write cut short by a crash, never acknowledged: dropped.
 */
export function parseJournal(text) {
  const lines = text.split('\n');
  const torn = lines.pop() !== '';
  const commits = lines.map((line, index) => {
    const entry = JSON.parse(line);
    if (!Array.isArray(entry?.documents)) throw new Error(`Journal line ${index + 1} is invalid`);
    return entry.documents.map(parseDocument);
  });
  return { commits, torn };
}

export function loadDocuments(state, documents) {
  for (const { path: documentPath, deleted, createdAt, updatedAt, fields } of documents) {
    const document = state.getDocument(documentPath);
    if (deleted) {
      document.fields = {};
      document.metadata = { hasExist: false, createdAt: null, updatedAt: null };
    } else {
      document.fields = fields;
      document.metadata = { hasExist: true, createdAt, updatedAt };
    }
  }
}

/** The append-only journal that goes with the data file `file`. */
export function journalFileFor(file) {
  return `${file.replace(/\.json$/, '')}-journal.jsonl`;
}

/** Temporary files of writeFileAtomic left by a process killed while writing. */
function removeStaleTempFiles(file) {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.tmp-`;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(dir, name), { force: true });
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

function readIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Loads `file` and then its journal into the state. Returns 'loaded', 'missing' or 'corrupt'
 * (after moving the files aside and reporting it loudly). A journal without a data file belongs
 * to a first start that never finished seeding: it is discarded.
 */
export function loadStateFile(state, file, { log = console.log } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeStaleTempFiles(file);
  const journalFile = journalFileFor(file);
  const text = readIfExists(file);
  if (text === null) {
    fs.rmSync(journalFile, { force: true });
    return { status: 'missing' };
  }
  const journalText = readIfExists(journalFile) ?? '';
  try {
    const documents = parseSnapshot(text);
    let journal;
    try {
      journal = parseJournal(journalText);
    } catch (error) {
      throw new Error(`journal ${journalFile}: ${error.message}`);
    }
    loadDocuments(state, documents);
    for (const commit of journal.commits) loadDocuments(state, commit);
    if (journal.torn) {
      log(`[local-firebase] dropped an unfinished last write from ${journalFile} (a crash).`);
    }
    return { status: 'loaded', replayed: journal.commits.length };
  } catch (error) {
    state.clear();
    const movedTo = moveAside(file);
    const journalMovedTo = journalText ? moveAside(journalFile) : null;
    console.error(
      `[local-firebase] CORRUPT Firestore data file ${file}: ${error.message}\n` +
        `[local-firebase] moved it to ${movedTo}` +
        `${journalMovedTo ? ` (and the journal to ${journalMovedTo})` : ''}; starting from ` +
        `fresh seed data.`,
    );
    return { status: 'corrupt', movedTo };
  }
}

export const JOURNAL_COMPACT_BYTES = 4 * 1024 * 1024;

/**
 * Makes every change durable before it is acknowledged: commit() appends the documents changed
 * since the last call to the journal as one line (one commit, all or nothing) and resolves once
 * fdatasync has covered it (unless `sync` is false); the Firestore emulator waits for it before
 * answering a Commit. Commits arriving while one fdatasync runs share the next one, and the event
 * loop keeps serving meanwhile (a flush per commit, in line, held every other request of the
 * stack for its duration). Lines are appended in commit order, so a commit that survives a crash
 * survives with every commit before it. Changes made outside a Commit are journaled at the end of
 * the current tick. The journal is folded into `file` (written atomically) when it has grown past
 * `compactBytes` and past the data file's own size (so a large shop does not rewrite its whole
 * data file every few megabytes of orders), on flush() and on close(). Journal entries are whole
 * documents, so replaying one already in the data file is harmless.
 */
export function persistState(
  state,
  file,
  { log = console.log, sync = true, compactBytes = JOURNAL_COMPACT_BYTES } = {},
) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const journalFile = journalFileFor(file);
  const fd = fs.openSync(journalFile, 'a');
  let journalBytes = fs.fstatSync(fd).size;
  let dataBytes = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const pending = new Map();
  let scheduled = false;
  let closed = false;

  const compact = () => {
    const text = `${JSON.stringify(serializeState(state), null, 1)}\n`;
    writeFileAtomic(file, text);
    dataBytes = Buffer.byteLength(text);
    fs.ftruncateSync(fd, 0);
    journalBytes = 0;
  };

  // Group commit: the fdatasync under way, and the one queued after it for lines written since.
  let flushing = null;
  let queued = null;
  const fdatasync = () =>
    new Promise((resolve, reject) => {
      fs.fdatasync(fd, (error) => (error ? reject(error) : resolve()));
    });
  const durable = () => {
    if (!sync) return Promise.resolve();
    if (!flushing) {
      flushing = fdatasync().finally(() => {
        flushing = null;
      });
      return flushing;
    }
    queued ??= flushing
      .catch(() => {})
      .then(() => {
        queued = null;
        return durable();
      });
    return queued;
  };

  /** Appends the pending changes to the journal; resolves once they are on disk. */
  const commit = () => {
    if (pending.size === 0) return durable();
    if (closed) throw new Error(`${journalFile} is closed (the stack is stopping)`);
    const documents = [...pending.values()].map(serializeDocument);
    pending.clear();
    const line = `${JSON.stringify({ at: new Date().toISOString(), documents })}\n`;
    fs.writeSync(fd, line);
    journalBytes += Buffer.byteLength(line);
    if (journalBytes > Math.max(compactBytes, dataBytes)) {
      // The data file is written and synced before the journal is emptied: durable at once.
      compact();
      return Promise.resolve();
    }
    return durable();
  };
  const commitLater = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      try {
        commit().catch((error) => {
          log(`[local-firebase] could not save ${journalFile}: ${error.message}`);
        });
      } catch (error) {
        log(`[local-firebase] could not write ${journalFile}: ${error.message}`);
      }
    });
  };
  const onDocument = ({ document }) => {
    pending.set(document.getPath(), document);
    commitLater();
  };
  const onClear = () => {
    pending.clear();
    compact();
  };
  const events = ['create-document', 'update-document', 'delete-document'];
  for (const event of events) state.emitter.on(event, onDocument);
  state.emitter.on('clear-all-projects', onClear);

  return {
    /**
     * Journals the pending changes now (throws if they could not be written) and resolves once
     * they are on disk (rejects if they could not be synced).
     */
    commit,
    flush() {
      void commit().catch(() => {});
      compact();
    },
    close() {
      if (closed) return;
      for (const event of events) state.emitter.off(event, onDocument);
      state.emitter.off('clear-all-projects', onClear);
      try {
        void commit().catch(() => {});
        compact();
      } catch (error) {
        log(`[local-firebase] could not save ${file}: ${error.message}`);
      }
      closed = true;
      fs.closeSync(fd);
    },
  };
}

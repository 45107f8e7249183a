// The local Firestore's journal (scripts/local-firebase/persistence.mjs) under many commits: each
// is acknowledged only once an fdatasync begun after its line was written has finished, commits
// arriving together share one, and a large shop's data file is not rewritten every few megabytes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { journalFileFor, persistState } from './persistence.mjs';

const require = createRequire(__filename);
const { FirestoreState } = require('@firestore-emulator/server') as {
  FirestoreState: new () => { emitter: { emit: (event: string, payload: unknown) => void } };
};
const { makeField } = require('./fields.mjs') as {
  makeField: { integer: (value: number) => unknown };
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persistence-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes a document into `state` as a commit does, announcing it. */
function write(state: InstanceType<typeof FirestoreState>, id: string, value: number) {
  const document = (
    state as unknown as {
      getDocument: (path: string) => {
        fields: Record<string, unknown>;
        metadata: Record<string, unknown>;
      };
    }
  ).getDocument(`projects/p/databases/(default)/documents/items/${id}`);
  document.fields = { value: makeField.integer(value) };
  document.metadata = { hasExist: true, createdAt: new Date(), updatedAt: new Date() };
  state.emitter.emit('update-document', { document });
}

it('acknowledges a commit only after an fdatasync that began after its line, shared by commits arriving together', async () => {
  const state = new FirestoreState();
  const file = path.join(dir, 'firestore.json');
  const persistence = persistState(state, file, { log: () => {} });
  const order: string[] = [];
  const fdatasync = jest.spyOn(fs, 'fdatasync');
  fdatasync.mockImplementation(((fd: number, callback: (error: Error | null) => void) => {
    order.push(`sync ${fs.readFileSync(journalFileFor(file), 'utf8').split('\n').length - 1}`);
    setTimeout(() => callback(null), 20);
  }) as unknown as typeof fs.fdatasync);

  const acknowledged: number[] = [];
  const commits = Array.from({ length: 10 }, (_, index) => {
    write(state, `item-${index}`, index);
    return persistence.commit().then(() => acknowledged.push(index));
  });
  await Promise.all(commits);
  // The first commit's line started a sync; the nine after it shared the next one.
  expect(order).toEqual(['sync 1', 'sync 10']);
  expect(acknowledged.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  persistence.close();
});

it('folds the journal into a large data file only once the journal has outgrown it', async () => {
  const state = new FirestoreState();
  const file = path.join(dir, 'firestore.json');
  // A large shop's data file, next to a small folding threshold.
  const dataSize = 16 * 1024;
  fs.writeFileSync(file, 'x'.repeat(dataSize));
  const persistence = persistState(state, file, { log: () => {}, sync: false, compactBytes: 1024 });
  let journal = 0;
  for (let index = 0; index < 1000; index += 1) {
    const before = journal;
    write(state, `item-${index}`, index);
    await persistence.commit();
    journal = fs.statSync(journalFileFor(file)).size;
    if (fs.statSync(file).size !== dataSize) {
      // Folded: the journal had grown past the data file (not merely past 1 KB), and starts over.
      expect(before).toBeGreaterThan(dataSize - 500);
      expect(journal).toBe(0);
      persistence.close();
      return;
    }
  }
  throw new Error('the journal was never folded');
});

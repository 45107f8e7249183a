// The deployed Firestore rules (firestore.rules, `firebase deploy --only firestore:rules`) must
// deny every client read and write: the in-process emulator does not evaluate rules, so this
// checks the file itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const rules = readFileSync(path.join(root, 'firestore.rules'), 'utf8');
const code = rules.replace(/\/\/.*$/gm, '');

describe('firestore.rules', () => {
  it('is the file firebase.json deploys', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
    expect(config.firestore.rules).toBe('firestore.rules');
  });

  it('denies every read and write from clients, on every document', () => {
    expect(code).toMatch(/rules_version\s*=\s*'2'/);
    expect(code).toMatch(
      /match \/databases\/\{database\}\/documents\s*\{\s*match \/\{document=\*\*\}\s*\{\s*allow read, write: if false;\s*\}\s*\}/,
    );
    // One allow statement in all, and it is the denial above.
    expect(code.match(/\ballow\b/g)).toHaveLength(1);
  });
});

// Preloaded (node --import) into the process that runs the Firebase Auth emulator: auth.mjs's
// firebase-tools CLI, and imported first by shared-auth.mjs. The emulator builds a request
// validator for each operation of its API when it starts: about 14 s of CPU per start here, most
// of what a local Firebase costs to start, paid by every test file and test shop. Its API library
// (exegesis) can build each one on the first request that needs it instead (2.4 s per start, the
// same checks); firebase-tools does not ask for that, so this adds the option to its one call.
import { createRequire } from 'node:module';
import path from 'node:path';

const script = path.basename(process.argv[1] ?? '');
if (script === 'firebase.js' || script === 'shared-auth.mjs') {
  const require = createRequire(import.meta.url);
  const fromFirebaseTools = createRequire(require.resolve('firebase-tools/package.json'));
  const exegesisExpress = fromFirebaseTools('exegesis-express');
  const middleware = exegesisExpress.middleware;
  exegesisExpress.middleware = (apiDoc, options) =>
    middleware(apiDoc, { ...options, lazyCompileValidationSchemas: true });
}

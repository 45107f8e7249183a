// Loaded after the test framework in every Jest test file (jest.config.mjs setupFilesAfterEnv).
// Testing Library's waitFor/findBy give up after 1 s by default: on a busy machine a re-render
// after a resolved promise can take longer. They still fail on what never appears.
import { configure } from '@testing-library/react';

import { releaseStalledCalls } from './stalled-call';

if (typeof window !== 'undefined') configure({ asyncUtilTimeout: 5000 });

// Calls a test made hang (test/stalled-call.ts) fail once it is over, or a hook once the file is.
afterEach(releaseStalledCalls);
afterAll(releaseStalledCalls);

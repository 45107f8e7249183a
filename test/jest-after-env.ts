// Loaded after the test framework in every Jest test file (jest.config.mjs setupFilesAfterEnv).
// Testing Library's waitFor/findBy give up after 1 s by default: on a busy machine a re-render
// after a resolved promise can take longer. They still fail on what never appears.
import { configure } from '@testing-library/react';

if (typeof window !== 'undefined') configure({ asyncUtilTimeout: 5000 });

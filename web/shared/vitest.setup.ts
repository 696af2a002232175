import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy` waits for what a page shows after its requests settle; on a
// loaded two-core machine (CI builds beside the tests) one second was seen
// to be too short. This is a ceiling, not a measure: passing tests end as
// soon as the element appears.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

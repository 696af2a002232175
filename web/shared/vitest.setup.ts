import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy` waits for what a page shows after its requests settle; on a
// loaded two-core machine (CI builds beside the tests) one second was seen
// to be too short. This is a ceiling, not a measure: passing tests end as
// soon as the element appears.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no idle callback, and `whenIdle` would wait its whole timeout
// there; the pages' browsers (Chromium web views) run it once the main
// thread is idle, which in a test is the next turn.
if (!Reflect.has(window, 'requestIdleCallback')) {
  window.requestIdleCallback = (work: IdleRequestCallback) =>
    window.setTimeout(() => work({ didTimeout: false, timeRemaining: () => 50 }), 0);
  window.cancelIdleCallback = (handle: number) => window.clearTimeout(handle);
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

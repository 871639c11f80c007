import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { toastStore } from '../../src/web/lib/toast';
import { resetUnauthorizedRedirect } from '../../src/web/lib/unauthorized';

/**
 * The web project runs its files one after another in shared workers (isolate: false): one jsdom
 * and one module graph a worker instead of one a file, several times faster. So each file starts
 * from what a fresh page would have: the address at /, empty storage, no stubs, nothing rendered,
 * no toast (one left by the file before would be a second role="status" in the next).
 * Files that replace a module (`vi.mock`) cannot share the module graph and run in the `unit`
 * project (vitest.config.ts).
 */
function freshPage(): void {
  cleanup();
  toastStore.remove();
  resetUnauthorizedRedirect();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (typeof window === 'undefined') return;
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = '';
  document.head.querySelectorAll('meta[name="description"]').forEach((m) => m.remove());
}

beforeAll(freshPage);
afterAll(freshPage);
// A 401's redirect waits 500 ms on a timer: one a test leaves behind must not fire into the next
// test, or after the worker's jsdom is gone (CI once failed on "window is not defined").
afterEach(resetUnauthorizedRedirect);

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toastStore } from '../lib/toast';

/**
 * Registers the hooks of a file whose tests render the app's screens: a window that can
 * scroll, and after each test the page emptied, the toasts gone and the stubbed globals
 * (`fetch` among them) restored.
 */
export function registerScreenHooks(): void {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    cleanup();
    toastStore.remove();
    vi.unstubAllGlobals();
  });
}

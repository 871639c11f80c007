import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it stays open before it dismisses itself, in ms. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: string;
  /** False once dismissed; it is removed from the list later. */
  open: boolean;
}

/** The spec: one toast at a time; a new one replaces the previous one. */
export const TOAST_LIMIT = 1;
/** The spec's removal delay after a toast is dismissed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5_000;

export interface ToastHandle {
  id: string;
  update(patch: ToastInput): void;
  dismiss(): void;
}

export interface ToastStore {
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  add(input: ToastInput): ToastHandle;
  update(id: string, patch: ToastInput): void;
  /** Closes one toast, or all of them without an id; each is removed after the delay. */
  dismiss(id?: string): void;
  /** Removes one toast at once, or all of them without an id. */
  remove(id?: string): void;
}

export function createToastStore(options: { removeDelayMs?: number } = {}): ToastStore {
  const removeDelayMs = options.removeDelayMs ?? TOAST_REMOVE_DELAY_MS;
  let toasts: readonly Toast[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function set(next: readonly Toast[]): void {
    for (const [id, timer] of removalTimers) {
      if (!next.some((t) => t.id === id)) {
        clearTimeout(timer);
        removalTimers.delete(id);
      }
    }
    toasts = next;
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string): void {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        store.remove(id);
      }, removeDelayMs),
    );
  }

  const store: ToastStore = {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(input) {
      nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(nextId);
      set([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
      return {
        id,
        update: (patch) => store.update(id, patch),
        dismiss: () => store.dismiss(id),
      };
    },
    update(id, patch) {
      if (!toasts.some((t) => t.id === id)) return;
      set(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
    },
    dismiss(id) {
      const targets = toasts.filter((t) => (id === undefined || t.id === id) && t.open);
      if (targets.length === 0) return;
      for (const t of targets) scheduleRemoval(t.id);
      set(toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t)));
    },
    remove(id) {
      set(id === undefined ? [] : toasts.filter((t) => t.id !== id));
    },
  };
  return store;
}

/** The app's one toast store. */
export const toastStore = createToastStore();

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): ToastHandle {
  return toastStore.add(input);
}

export function useToasts(store: ToastStore = toastStore): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

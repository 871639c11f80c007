import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY_MS } from './toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the previous one', () => {
    const store = createToastStore();
    store.add({ title: 'Status Updated' });
    store.add({ title: 'Error', variant: 'destructive' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({
      title: 'Error',
      variant: 'destructive',
      open: true,
    });
  });

  it('updates a toast in place and ignores unknown ids', () => {
    const store = createToastStore();
    const handle = store.add({ title: 'Saving' });
    handle.update({ title: 'Saved', description: 'Exchange rates updated successfully' });
    expect(store.getSnapshot()).toEqual([
      {
        id: handle.id,
        open: true,
        title: 'Saved',
        description: 'Exchange rates updated successfully',
      },
    ]);
    const before = store.getSnapshot();
    store.update('no-such-id', { title: 'x' });
    expect(store.getSnapshot()).toBe(before);
  });

  it('closes a dismissed toast at once and removes it after the spec delay', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const handle = store.add({ title: 'Agent Created' });
    handle.dismiss();
    expect(store.getSnapshot()).toEqual([{ id: handle.id, open: false, title: 'Agent Created' }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('dismisses all without an id, and removes at once', () => {
    const store = createToastStore();
    store.add({ title: 'One' });
    store.dismiss();
    expect(store.getSnapshot().every((t) => !t.open)).toBe(true);
    store.add({ title: 'Two' });
    store.remove();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const handle = store.add({ title: 'A' });
    handle.update({ title: 'B' });
    handle.dismiss();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.remove();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('forgets the removal timer of a toast that was replaced', () => {
    vi.useFakeTimers();
    const store = createToastStore({ removeDelayMs: 1000 });
    store.add({ title: 'Old' }).dismiss();
    const fresh = store.add({ title: 'New' });
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toEqual([{ id: fresh.id, open: true, title: 'New' }]);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle } from './after-load';

/** A window whose document is still loading, with or without requestIdleCallback. */
function fakeWindow(withIdleCallback: boolean) {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const win = Object.assign(target, {
    document: { readyState: 'loading' },
    requestIdleCallback: withIdleCallback ? (task: () => void) => idle.push(task) - 1 : undefined,
    cancelIdleCallback: (id: number) => {
      idle[id] = () => undefined;
    },
  });
  return { win: win as unknown as Window, idle, target };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('afterLoadWhenIdle', () => {
  it('waits for the load event, then for an idle moment', () => {
    const { win, idle, target } = fakeWindow(true);
    const task = vi.fn();
    afterLoadWhenIdle(task, win);
    expect(idle).toHaveLength(0);
    target.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback (Safari), runs a second after load', () => {
    vi.useFakeTimers();
    const { win, target } = fakeWindow(false);
    const task = vi.fn();
    afterLoadWhenIdle(task, win);
    target.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const { win, idle, target } = fakeWindow(true);
    const task = vi.fn();
    const cancel = afterLoadWhenIdle(task, win);
    target.dispatchEvent(new Event('load'));
    cancel();
    idle[0]!();
    expect(task).not.toHaveBeenCalled();
  });
});

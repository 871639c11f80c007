// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-sw';

/** workbox-window's Workbox, as far as register-sw uses it. */
const { FakeWorkbox } = vi.hoisted(() => {
  class FakeWorkbox extends EventTarget {
    static last: FakeWorkbox;
    registration = { waiting: null as object | null };
    register = vi.fn(async () => this.registration);
    update = vi.fn(async () => undefined);
    messageSkipWaiting = vi.fn();
    constructor(
      readonly url: string,
      readonly options: object,
    ) {
      super();
      FakeWorkbox.last = this;
    }
  }
  return { FakeWorkbox };
});

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

let serviceWorker: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  serviceWorker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function start() {
  const onUpdate = vi.fn<(activate: () => void) => void>();
  const reload = vi.fn();
  const stop = registerServiceWorker(onUpdate, reload);
  const wb = FakeWorkbox.last;
  await vi.advanceTimersByTimeAsync(0);
  return { onUpdate, reload, stop, wb };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site', async () => {
    const { wb, stop } = await start();
    expect(wb.url).toBe('/sw.js');
    expect(wb.options).toEqual({ scope: '/' });
    expect(wb.register).toHaveBeenCalledTimes(1);
    stop();
  });

  it('offers the update once a new worker waits; activating it reloads once it has taken over', async () => {
    const { wb, onUpdate, reload, stop } = await start();
    expect(onUpdate).not.toHaveBeenCalled();

    wb.registration.waiting = {};
    wb.dispatchEvent(new Event('waiting'));
    expect(onUpdate).toHaveBeenCalledTimes(1);

    const activate = onUpdate.mock.calls[0]![0];
    activate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    // The fallback does not reload a second time.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reloads anyway when the new worker does not take over within 3 s', async () => {
    const { wb, onUpdate, reload, stop } = await start();
    wb.registration.waiting = {};
    wb.dispatchEvent(new Event('waiting'));
    onUpdate.mock.calls[0]![0]();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only reloads when another tab has already switched to the new worker', async () => {
    const { wb, onUpdate, reload, stop } = await start();
    wb.registration.waiting = {};
    wb.dispatchEvent(new Event('waiting'));
    wb.registration.waiting = null;
    onUpdate.mock.calls[0]![0]();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('looks for a new release every hour and when the tab comes back, until stopped', async () => {
    const { wb, stop } = await start();
    expect(wb.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(wb.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledTimes(2);

    stop();
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledTimes(2);
  });
});

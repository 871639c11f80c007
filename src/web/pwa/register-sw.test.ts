// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-sw';

/** A worker as the registration holds it: its state, its messages. */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** navigator.serviceWorker's registration, as far as register-sw uses it. */
class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** The release this page runs: an older one is active. */
  active: FakeWorker | null = new FakeWorker();
  update = vi.fn(async () => undefined);
  /** A new release found: it installs, then waits while the old one is active. */
  newRelease(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
    return worker;
  }
}

let container: EventTarget & { register: ReturnType<typeof vi.fn> };
let registration: FakeRegistration;

beforeEach(() => {
  vi.useFakeTimers();
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), { register: vi.fn(async () => registration) });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function start() {
  const onUpdate = vi.fn<(activate: () => void) => void>();
  const reload = vi.fn();
  const stop = registerServiceWorker(onUpdate, reload);
  await vi.advanceTimersByTimeAsync(0);
  return { onUpdate, reload, stop };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site', async () => {
    const { stop } = await start();
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    stop();
  });

  it('offers the update once a new worker waits; activating it reloads once it has taken over', async () => {
    const { onUpdate, reload, stop } = await start();
    expect(onUpdate).not.toHaveBeenCalled();

    const worker = registration.newRelease();
    expect(onUpdate).toHaveBeenCalledTimes(1);

    const activate = onUpdate.mock.calls[0]![0];
    activate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    // The fallback does not reload a second time.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('offers nothing for the first worker the site ever installs', async () => {
    registration.active = null;
    const { onUpdate, stop } = await start();
    // Installed, it waits for an instant before it activates: nothing older to replace.
    registration.newRelease();
    expect(onUpdate).not.toHaveBeenCalled();
    stop();
  });

  it('offers a release that was already waiting when the page registered', async () => {
    registration.waiting = new FakeWorker();
    const { onUpdate, stop } = await start();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reloads anyway when the new worker does not take over within 3 s', async () => {
    const { onUpdate, reload, stop } = await start();
    registration.newRelease();
    onUpdate.mock.calls[0]![0]();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only reloads when another tab has already switched to the new worker', async () => {
    const { onUpdate, reload, stop } = await start();
    const worker = registration.newRelease();
    registration.waiting = null;
    onUpdate.mock.calls[0]![0]();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('looks for a new release every hour and when the tab comes back, until stopped', async () => {
    const { stop } = await start();
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(2);

    stop();
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(2);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_VISIBLE_MS } from './install-offer';
import { PwaLayer } from './pwa-layer';

beforeAll(async () => {
  // The banner's code is a lazy chunk: have it ready, so that only the timers are under test.
  await import('./pwa-notices');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The browser's install offer, as Chromium fires it. */
function installOffer() {
  const prompt = vi.fn(async () => ({ outcome: 'accepted' as const }));
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt });
  return { event, prompt };
}

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const banner = () => screen.queryByRole('region', { name: 'Install AgentChat' });

describe('install banner', () => {
  it('uses the spec timings: 2 s after the offer, 5 s on screen', () => {
    expect(INSTALL_BANNER_DELAY_MS).toBe(2_000);
    expect(INSTALL_BANNER_VISIBLE_MS).toBe(5_000);
  });

  it('appears 2 s after the install offer and removes itself after 5 s', async () => {
    render(<PwaLayer />);
    const { event } = installOffer();
    act(() => void window.dispatchEvent(event));
    // The browser's own install UI stays away: ours comes instead.
    expect(event.defaultPrevented).toBe(true);

    await advance(1_999);
    expect(banner()).toBeNull();
    await advance(1);
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Install AgentChat' })).toBeTruthy();
    expect(screen.getByText('Get the app experience')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();

    await advance(4_999);
    expect(banner()).not.toBeNull();
    await advance(1);
    expect(banner()).toBeNull();
    // And it stays gone.
    await advance(60_000);
    expect(banner()).toBeNull();
  });

  it('counts the 2 s from the offer, even when it comes before the page has settled', async () => {
    render(<PwaLayer />);
    await advance(500);
    const { event } = installOffer();
    act(() => void window.dispatchEvent(event));
    await advance(1_999);
    expect(banner()).toBeNull();
    await advance(1);
    expect(banner()).not.toBeNull();
  });

  it('Install opens the browser install dialog once and removes the banner', async () => {
    render(<PwaLayer />);
    const { event, prompt } = installOffer();
    act(() => void window.dispatchEvent(event));
    await advance(INSTALL_BANNER_DELAY_MS);

    await act(async () => screen.getByRole('button', { name: 'Install' }).click());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
  });

  it('dismiss removes it at once, without the install dialog', async () => {
    render(<PwaLayer />);
    const { event, prompt } = installOffer();
    act(() => void window.dispatchEvent(event));
    await advance(INSTALL_BANNER_DELAY_MS + 1_000);

    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(banner()).toBeNull();
    expect(prompt).not.toHaveBeenCalled();
    await advance(INSTALL_BANNER_VISIBLE_MS);
    expect(banner()).toBeNull();
  });

  it('goes away when the app gets installed another way (the browser menu)', async () => {
    render(<PwaLayer />);
    const { event } = installOffer();
    act(() => void window.dispatchEvent(event));
    await advance(INSTALL_BANNER_DELAY_MS);
    expect(banner()).not.toBeNull();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(banner()).toBeNull();
  });

  it('shows nothing without an offer', async () => {
    const { container } = render(<PwaLayer />);
    await advance(30_000);
    expect(banner()).toBeNull();
    expect(container.textContent).toBe('');
  });
});

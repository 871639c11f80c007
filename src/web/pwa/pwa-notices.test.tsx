// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PwaNotices from './pwa-notices';

const worker = vi.hoisted(() => ({ activate: null as (() => void) | null }));
vi.mock('./service-worker', () => ({ useServiceWorkerUpdate: () => worker.activate }));

afterEach(() => {
  cleanup();
  worker.activate = null;
});

describe('update prompt', () => {
  it('says nothing while the running release is the newest', () => {
    const { container } = render(<PwaNotices offer={null} registerWorker />);
    expect(container.textContent).toBe('');
  });

  it('shows "A new version is available"; Reload switches to it', () => {
    const activate = vi.fn();
    worker.activate = activate;
    render(<PwaNotices offer={null} registerWorker />);
    expect(screen.getByRole('status').textContent).toBe('A new version is available');
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('can wait: Later hides it until the next release', () => {
    const first = vi.fn();
    worker.activate = first;
    const { rerender } = render(<PwaNotices offer={null} registerWorker />);
    act(() => screen.getByRole('button', { name: 'Later' }).click());
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(first).not.toHaveBeenCalled();

    worker.activate = vi.fn();
    rerender(<PwaNotices offer={null} registerWorker={false} />);
    expect(screen.getByText('A new version is available')).toBeTruthy();
  });
});

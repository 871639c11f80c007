// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PwaNotices from './pwa-notices';

afterEach(() => {
  cleanup();
});

describe('update prompt', () => {
  it('says nothing while the running release is the newest', () => {
    const { container } = render(<PwaNotices offer={null} activateUpdate={null} />);
    expect(container.textContent).toBe('');
  });

  it('shows "A new version is available"; Reload switches to it', () => {
    const activate = vi.fn();
    render(<PwaNotices offer={null} activateUpdate={activate} />);
    expect(screen.getByRole('status').textContent).toBe('A new version is available');
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('can wait: Later hides it until the next release', () => {
    const first = vi.fn();
    const { rerender } = render(<PwaNotices offer={null} activateUpdate={first} />);
    act(() => screen.getByRole('button', { name: 'Later' }).click());
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(first).not.toHaveBeenCalled();

    rerender(<PwaNotices offer={null} activateUpdate={vi.fn()} />);
    expect(screen.getByText('A new version is available')).toBeTruthy();
  });
});

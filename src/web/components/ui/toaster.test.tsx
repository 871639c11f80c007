// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from '../../lib/toast';
import { Toaster } from './toaster';

afterEach(cleanup);

describe('Toaster', () => {
  it('shows the one current toast; a new toast replaces it; close dismisses it', async () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(
      () =>
        void store.add({
          title: 'Status Updated',
          description: 'Customer status has been updated successfully',
        }),
    );
    // The card is a lazy chunk: generous on a busy machine.
    expect(await screen.findByText('Status Updated', {}, { timeout: 5_000 })).toBeTruthy();

    act(
      () =>
        void store.add({
          title: 'Error',
          description: 'Failed to update customer status',
          variant: 'destructive',
        }),
    );
    // An alert inside its list item (axe: an <ol> holds only <li>s).
    expect((await screen.findByRole('alert')).closest('li')).not.toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to update customer status',
    );
    expect(screen.queryByText('Status Updated')).toBeNull();

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getSnapshot()).toHaveLength(1);
  });
});

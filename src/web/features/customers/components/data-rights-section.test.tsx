// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { OPEN_ORDER_BLOCKS_ERASURE } from '../../../../shared/api/customers';
import { json, stubApi } from '../../../testing/api-stub';
import { renderWithApp } from '../../../testing/render-app';
import { DataRightsSection } from './data-rights-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('links the ZIP download and erases only after ERASE is typed, showing the server’s reason', async () => {
  const calls = stubApi({
    'POST /api/customer/erase': () => json({ error: OPEN_ORDER_BLOCKS_ERASURE }, 409),
  });
  renderWithApp(<DataRightsSection />, '/account');
  expect(screen.getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe(
    '/api/customer/data-export',
  );
  const erase = screen.getByRole('button', { name: 'Erase my account' }) as HTMLButtonElement;
  fireEvent.change(screen.getByLabelText('Type ERASE to confirm'), { target: { value: 'erase' } });
  expect(erase.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Type ERASE to confirm'), { target: { value: 'ERASE' } });
  expect(erase.disabled).toBe(false);
  fireEvent.click(erase);
  await screen.findByText(OPEN_ORDER_BLOCKS_ERASURE);
  await waitFor(() =>
    expect(calls.filter((c) => c.path === '/api/customer/erase').map((c) => c.body)).toEqual([
      { confirm: 'ERASE' },
    ]),
  );
});

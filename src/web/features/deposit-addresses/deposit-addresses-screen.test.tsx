// @vitest-environment jsdom
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress, DepositKey } from '../../../shared/api/deposit-addresses';
import { stubApi } from '../../testing/api-stub';
import { makeUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { registerScreenHooks } from '../../testing/screen-hooks';

configure({ asyncUtilTimeout: 5000 });

const ADMIN = makeUser({ isAgent: true, isAdmin: true });
const GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

function address(overrides: Partial<DepositAddress> = {}): DepositAddress {
  return {
    id: 1,
    network: 'BTC',
    address: GENESIS,
    label: 'Hot wallet',
    active: true,
    timesUsed: 3,
    lastUsedAt: '2026-11-22T08:00:00.000Z',
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

beforeAll(async () => {
  await import('./deposit-addresses-screen');
});
registerScreenHooks();

describe('deposit addresses screen', () => {
  it('lists each network’s book with its state and uses', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/admin/desk-addresses': () => ({
        body: [address(), address({ id: 2, label: 'Old', active: false, timesUsed: 1 })],
      }),
      'GET /api/admin/desk-addresses/keys': () => ({ body: [] }),
    });
    renderApp('/admin/desk-addresses');
    const btc = within(await screen.findByRole('region', { name: 'BTC addresses' }));
    expect(btc.getByText('1 active')).toBeTruthy();
    expect(btc.getAllByText(GENESIS)).toHaveLength(2);
    expect(btc.getByText('Given to 3 orders')).toBeTruthy();
    expect(btc.getByText('Given to 1 order')).toBeTruthy();
    expect(btc.getByRole('button', { name: 'Deactivate Hot wallet' })).toBeTruthy();
    expect(btc.getByRole('button', { name: 'Activate Old' })).toBeTruthy();
    const tron = within(screen.getByRole('region', { name: 'USDT-TRC20 addresses' }));
    expect(tron.getByText(/No addresses yet/)).toBeTruthy();
  });

  it('adds an address, shows the server’s refusal, and deactivates', async () => {
    let list = [address()];
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/admin/desk-addresses': () => ({ body: list }),
      'GET /api/admin/desk-addresses/keys': () => ({ body: [] }),
      'POST /api/admin/desk-addresses': ({ body }) => {
        const input = body as { network: 'BTC' | 'USDT-TRC20'; address: string; label: string };
        if (input.address.endsWith('x')) {
          return { status: 400, body: { error: 'This is not a valid USDT-TRC20 address' } };
        }
        const added = address({ id: 9, ...input, timesUsed: 0, lastUsedAt: null });
        list = [...list, added];
        return { status: 201, body: added };
      },
      'PATCH /api/admin/desk-addresses/1': () => ({ body: address({ active: false }) }),
    });
    renderApp('/admin/desk-addresses');
    await screen.findByRole('region', { name: 'BTC addresses' });
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'USDT-TRC20' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Tbadx' } });
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Tron 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a valid USDT-TRC20 address',
    );

    const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: ` ${tronAddress} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const tron = within(screen.getByRole('region', { name: 'USDT-TRC20 addresses' }));
    expect(await tron.findByText(tronAddress)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      network: 'USDT-TRC20',
      address: tronAddress,
      label: 'Tron 1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Hot wallet' }));
    expect(await screen.findByRole('button', { name: 'Activate Hot wallet' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ active: false });
  });

  it('adds an extended public key; shows its first five addresses, the gap-limit warning and the CSV', async () => {
    const key: DepositKey = {
      id: 4,
      network: 'BTC',
      extendedPublicKey:
        'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
      label: 'Ledger account 0',
      kind: 'p2wpkh',
      active: true,
      nextIndex: 30,
      firstAddresses: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'a1', 'a2', 'a3', 'a4'],
      unpaidInARow: 21,
      createdAt: '2026-11-29T01:00:00.000Z',
    };
    let keys: DepositKey[] = [];
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/admin/desk-addresses': () => ({ body: [] }),
      'GET /api/admin/desk-addresses/keys': () => ({ body: keys }),
      'POST /api/admin/desk-addresses': () => {
        keys = [key];
        return { status: 201, body: key };
      },
    });
    renderApp('/admin/desk-addresses');
    await screen.findByRole('region', { name: 'BTC addresses' });
    fireEvent.change(screen.getByLabelText('Extended public key'), {
      target: { value: ` ${key.extendedPublicKey} ` },
    });
    fireEvent.change(screen.getByLabelText('Key label'), { target: { value: 'Ledger account 0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add key' }));
    const card = within(await screen.findByRole('listitem', { name: 'BTC key Ledger account 0' }));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      network: 'BTC',
      extendedPublicKey: key.extendedPublicKey,
      label: 'Ledger account 0',
    });
    expect(card.getByTestId('first-addresses').textContent).toContain(
      '0/0 bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(card.getByRole('alert').textContent).toContain(
      '21 addresses in a row have not been paid: wallets stop looking after 20',
    );
    expect(card.getByRole('link', { name: /what it received \(CSV\)/ }).getAttribute('href')).toBe(
      '/api/admin/desk-addresses/keys/4/addresses.csv',
    );
  });

  it('is for admins only', async () => {
    stubApi({ 'GET /api/auth/user': () => ({ body: makeUser({ isAgent: true }) }) });
    renderApp('/admin/desk-addresses');
    expect(await screen.findByText(/You don't have admin privileges/)).toBeTruthy();
  });
});

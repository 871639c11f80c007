// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RateGuardRefusal } from '../../../../shared/api/rates';
import { GuardConfirmDialog } from './guard-confirm-dialog';

const REFUSAL: RateGuardRefusal = {
  error: 'two figures past the guard',
  code: 'rate_guard',
  guardPercent: 10,
  deviations: [
    {
      label: 'BTC sell rate',
      value: '1550.00',
      reference: '160050000.00',
      deviationPercent: '-100.00',
      message: 'BTC sell rate ₦1,550.00 is 100.00 % below the market ₦160,050,000.00',
    },
    {
      label: 'USDT buy rate',
      value: '1900.00',
      reference: '1650.33',
      deviationPercent: '15.13',
      message: 'USDT buy rate ₦1,900.00 is 15.13 % above the market ₦1,650.33',
    },
    {
      label: 'USDT sell rate',
      value: '1600.00',
      reference: null,
      deviationPercent: null,
      message: 'USDT sell rate ₦1,600.00 cannot be checked: there is no market price',
    },
  ],
};

afterEach(cleanup);

function renderDialog(refusal: RateGuardRefusal | null = REFUSAL, pending = false) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <GuardConfirmDialog
      refusal={refusal}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { ...view, onConfirm, onCancel };
}

describe('the market guard dialog', () => {
  it('is closed without a refusal', () => {
    renderDialog(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows each figure with its deviation in percent, or that there is no market price', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Confirm rates outside the market guard' });
    expect(dialog.textContent).toContain('more than 10 % from the market');
    const rows = within(screen.getByTestId('guard-deviations')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'BTC sell rate₦1,550.00 vs ₦160,050,000.00−100.00 %',
      'USDT buy rate₦1,900.00 vs ₦1,650.33+15.13 %',
      'USDT sell rate₦1,600.00No market price',
    ]);
  });

  it('needs a reason of at least 5 characters, then confirms with it trimmed', () => {
    const { onConfirm } = renderDialog();
    const reason = screen.getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: ' ok ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(screen.getByRole('alert').textContent).toBe('Give a reason of at least 5 characters');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Feed is behind the market  ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(onConfirm).toHaveBeenCalledWith('Feed is behind the market');
  });

  it('cancels without confirming, and cannot be sent twice while saving', () => {
    const { onCancel, onConfirm } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    cleanup();

    renderDialog(REFUSAL, true);
    const saving = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
  });
});

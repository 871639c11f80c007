import { describe, expect, it } from 'vitest';
import { describeHistory, type RateHistoryEntry } from './rate-history';

const ADA = { id: '33333333-3333-4333-8333-333333333333', name: 'Ada Obi' };
const KEMI = { id: '22222222-2222-4222-8222-222222222222', name: 'Kemi Adeyemi' };

function row(overrides: Partial<RateHistoryEntry> & { id: number }): RateHistoryEntry {
  return {
    currency: 'bitcoin',
    buyRateUsd: '99195.51',
    sellRateUsd: '95305.49',
    buyRateNaira: '163672591.50',
    sellRateNaira: '157254058.50',
    spreadPercentage: '2',
    usdToNaira: '1650',
    changedAt: '2026-11-22T08:00:00.000Z',
    changedBy: ADA,
    ...overrides,
  };
}

describe('describeHistory: who changed what, when', () => {
  it('groups a save’s rows and shows each changed value with the one it replaced', () => {
    const later = '2026-11-23T09:30:00.000Z';
    const saves = describeHistory([
      row({
        id: 4,
        currency: 'usdt',
        buyRateUsd: '1',
        sellRateUsd: '0.98',
        buyRateNaira: '1700.00',
        sellRateNaira: '1666.00',
        spreadPercentage: '1',
        usdToNaira: '1700',
        changedAt: later,
        changedBy: KEMI,
      }),
      row({
        id: 3,
        changedAt: later,
        changedBy: KEMI,
        usdToNaira: '1700',
        sellRateUsd: '95305.49',
        sellRateNaira: '162019333.00',
        buyRateNaira: '168630367.00',
      }),
      row({
        id: 2,
        currency: 'usdt',
        buyRateUsd: '1',
        sellRateUsd: '0.98',
        buyRateNaira: '1650.00',
        sellRateNaira: '1617.00',
        spreadPercentage: '1',
      }),
      row({ id: 1 }),
    ]);
    expect(saves).toHaveLength(2);
    expect(saves[0]).toMatchObject({
      changedAt: later,
      changedBy: 'Kemi Adeyemi',
      usdToNaira: { before: '1650', after: '1700' },
    });
    expect(saves[0]!.currencies.map((c) => c.currency)).toEqual(['bitcoin', 'usdt']);
    expect(saves[0]!.currencies[0]!.changes).toEqual([
      { label: 'Buy (Naira)', kind: 'naira', before: '163672591.50', after: '168630367.00' },
      { label: 'Sell (Naira)', kind: 'naira', before: '157254058.50', after: '162019333.00' },
    ]);
    // The first save: every value set, nothing before.
    expect(saves[1]!.changedBy).toBe('Ada Obi');
    expect(saves[1]!.usdToNaira).toEqual({
      label: 'USD to Naira',
      kind: 'naira',
      before: null,
      after: '1650',
    });
    expect(saves[1]!.currencies[0]!.changes.every((c) => c.before === null)).toBe(true);
    expect(saves[1]!.currencies[0]!.changes).toHaveLength(5);
  });

  it('says nothing changed when a save repeats the values, and names a deleted agent Unknown', () => {
    const saves = describeHistory([
      row({ id: 2, changedAt: '2026-11-23T00:00:00.000Z', changedBy: null }),
      row({ id: 1 }),
    ]);
    expect(saves[0]).toMatchObject({ changedBy: 'Unknown', usdToNaira: null });
    expect(saves[0]!.currencies[0]!.changes).toEqual([]);
  });
});

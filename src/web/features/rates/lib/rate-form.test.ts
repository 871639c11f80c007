import { describe, expect, it } from 'vitest';
import { decimalError, groupDigits, normalizeDecimal } from './decimal-field';
import {
  acceptSuggestion,
  autoCalculateRate,
  draftFrom,
  editRateField,
  editUsdToNaira,
  NO_MARKET_PRICE,
  RATE_RULES,
  ratesFormSchema,
  SELL_ABOVE_BUY,
  toSaveRequest,
  type RatesDraft,
} from './rate-form';
import { MANAGED_RATES, TEST_PRICES, UNMANAGED_RATES } from '../../../testing/fixtures';

const bitcoin = (draft: RatesDraft) => draft.rates.find((r) => r.currency === 'bitcoin')!;
const usdt = (draft: RatesDraft) => draft.rates.find((r) => r.currency === 'usdt')!;

/** The form schema's refusal as { usdToNaira, rates: { <currency>: { <field>: message } } }. */
function problems(draft: RatesDraft) {
  const result = ratesFormSchema.safeParse(draft);
  if (result.success) return null;
  const found: { usdToNaira?: string; rates: Record<string, Record<string, string>> } = {
    rates: {},
  };
  for (const issue of result.error.issues) {
    const [first, index, field] = issue.path;
    if (first === 'usdToNaira') found.usdToNaira = issue.message;
    else {
      const currency = draft.rates[Number(index)]!.currency;
      (found.rates[currency] ??= {})[String(field)] = issue.message;
    }
  }
  return found;
}

describe('Auto Calculate', () => {
  it('sets buy = market x (1 + spread/100) and sell = market x (1 - spread/100), and their Naira rates', () => {
    const result = autoCalculateRate(draftFrom(UNMANAGED_RATES), 'bitcoin', '97250.5');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(bitcoin(result.draft)).toMatchObject({
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
    });
    // The other currency is left alone.
    expect(usdt(result.draft)).toEqual(usdt(draftFrom(UNMANAGED_RATES)));
  });

  it('uses the spread and USD-to-Naira rate as typed, to 8 places in USD and to the kobo in naira', () => {
    let draft = editRateField(draftFrom(UNMANAGED_RATES), 'usdt', 'spreadPercentage', '1.5');
    draft = editUsdToNaira(draft, '1700.5');
    const result = autoCalculateRate(draft, 'usdt', '1.0002');
    if (!result.ok) throw new Error(result.error);
    // 1.0002 x 1.015 = 1.015203; x 0.985 = 0.985197; naira half-up to the kobo.
    expect(usdt(result.draft)).toMatchObject({
      buyRateUsd: '1.015203',
      sellRateUsd: '0.985197',
      buyRateNaira: '1726.35',
      sellRateNaira: '1675.33',
    });
  });

  it('says why it cannot run: a bad spread, a bad USD rate, no market price', () => {
    const draft = draftFrom(UNMANAGED_RATES);
    expect(autoCalculateRate(draft, 'bitcoin', null)).toEqual({
      ok: false,
      error: NO_MARKET_PRICE,
      field: 'market',
    });
    expect(
      autoCalculateRate(editRateField(draft, 'bitcoin', 'spreadPercentage', '60'), 'bitcoin', '1'),
    ).toEqual({ ok: false, error: 'Spread % must be at most 50', field: 'spreadPercentage' });
    expect(autoCalculateRate(editUsdToNaira(draft, '0'), 'bitcoin', '1')).toMatchObject({
      ok: false,
      field: 'usdToNaira',
    });
  });
});

describe('editing a USD rate', () => {
  it('recalculates its Naira rate at the current USD-to-Naira rate', () => {
    const draft = editRateField(draftFrom(MANAGED_RATES), 'bitcoin', 'sellRateUsd', '90000');
    expect(bitcoin(draft).sellRateUsd).toBe('90000');
    expect(bitcoin(draft).sellRateNaira).toBe('148500000.00');
    // The buy side is untouched.
    expect(bitcoin(draft).buyRateNaira).toBe('163672591.50');
  });

  it('keeps the Naira rate while the USD rate is not a valid number', () => {
    const draft = editRateField(draftFrom(MANAGED_RATES), 'bitcoin', 'buyRateUsd', '-5');
    expect(bitcoin(draft).buyRateNaira).toBe('163672591.50');
  });

  it('recalculates every Naira rate when the USD-to-Naira rate changes', () => {
    const draft = editUsdToNaira(draftFrom(MANAGED_RATES), '1700');
    expect(bitcoin(draft).sellRateNaira).toBe('162019333.00');
    expect(usdt(draft).buyRateNaira).toBe('1717.34');
    expect(editUsdToNaira(draftFrom(MANAGED_RATES), 'abc').rates).toEqual(
      draftFrom(MANAGED_RATES).rates,
    );
  });

  it('keeps a Naira rate typed by hand and sets its USD rate to agree with it', () => {
    const draft = editRateField(draftFrom(MANAGED_RATES), 'usdt', 'sellRateNaira', '1620');
    expect(usdt(draft).sellRateNaira).toBe('1620');
    // 1620 / 1650 to 8 places; x 1650 gives 1620.00 back to the kobo, as the server checks.
    expect(usdt(draft).sellRateUsd).toBe('0.98181818');
    expect(problems(draft)).toBeNull();
  });
});

describe('validation messages', () => {
  it.each([
    ['', 'USD buy rate is required'],
    ['abc', 'USD buy rate must be a number'],
    ['1e5', 'USD buy rate must be a number'],
    ['-5', 'USD buy rate cannot be negative'],
    ['0', 'USD buy rate must be greater than zero'],
    ['0.000', 'USD buy rate must be greater than zero'],
    ['1.123456789', 'USD buy rate can have at most 8 decimal places'],
    ['1000000000000', 'USD buy rate is too large'],
  ])('USD buy rate %j: %s', (value, message) => {
    expect(decimalError(value, RATE_RULES.buyRateUsd)).toBe(message);
  });

  it.each([
    ['0', null],
    ['50', null],
    ['2.5', null],
    ['50.01', 'Spread % must be at most 50'],
    ['51', 'Spread % must be at most 50'],
    ['-1', 'Spread % cannot be negative'],
    ['1.234', 'Spread % can have at most 2 decimal places'],
    ['x', 'Spread % must be a number'],
  ])('Spread % %j: %s', (value, message) => {
    expect(decimalError(value, RATE_RULES.spreadPercentage)).toBe(message);
  });

  it('refuses a sell rate above the buy rate, as the server does', () => {
    const draft = editRateField(draftFrom(MANAGED_RATES), 'bitcoin', 'sellRateUsd', '99195.52');
    expect(problems(draft)).toEqual({
      rates: { bitcoin: { sellRateUsd: SELL_ABOVE_BUY, sellRateNaira: SELL_ABOVE_BUY } },
    });
  });

  it('refuses a Naira rate that is not its USD rate at the USD-to-Naira rate, as the server does', () => {
    const draft = editRateField(draftFrom(MANAGED_RATES), 'usdt', 'spreadPercentage', '1');
    const off = {
      ...draft,
      rates: draft.rates.map((r) =>
        r.currency === 'usdt' ? { ...r, buyRateNaira: '1666.84' } : r,
      ),
    };
    expect(problems(off)).toEqual({
      rates: {
        usdt: {
          buyRateNaira:
            'Naira buy rate must be the USD buy rate × the USD to Naira rate: ₦1,666.83',
        },
      },
    });
  });

  it('collects every problem by field, and none for a valid draft', () => {
    expect(problems(draftFrom(MANAGED_RATES))).toBeNull();
    let draft = editUsdToNaira(draftFrom(MANAGED_RATES), '');
    draft = editRateField(draft, 'usdt', 'spreadPercentage', '75');
    draft = editRateField(draft, 'usdt', 'buyRateNaira', '0');
    expect(problems(draft)).toEqual({
      usdToNaira: 'USD to Naira rate is required',
      rates: {
        usdt: {
          spreadPercentage: 'Spread % must be at most 50',
          buyRateNaira: 'Naira buy rate must be greater than zero',
        },
      },
    });
  });
});

describe('suggestions for a currency with no managed rate', () => {
  it('pre-fills the market-derived values at the default spread, marked as suggestions', () => {
    const draft = draftFrom(UNMANAGED_RATES, TEST_PRICES);
    expect(bitcoin(draft)).toMatchObject({
      origin: 'suggested',
      spreadPercentage: '2',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
      published: false,
    });
    expect(usdt(draft)).toMatchObject({ origin: 'suggested', spreadPercentage: '1' });
    expect(usdt(draft).sellRateNaira).toBe('1633.83');
  });

  it('leaves the fields empty without a market price, and keeps saved rates as saved', () => {
    expect(bitcoin(draftFrom(UNMANAGED_RATES))).toMatchObject({
      origin: 'suggested',
      spreadPercentage: '2',
      buyRateUsd: '',
      sellRateNaira: '',
    });
    expect(bitcoin(draftFrom(MANAGED_RATES, TEST_PRICES))).toMatchObject({
      origin: 'saved',
      published: true,
      sellRateNaira: '157254058.50',
    });
  });
});

describe('the save request', () => {
  it('sends nothing for untouched suggestions or saved rates: Save All untouched saves nothing', () => {
    expect(toSaveRequest(draftFrom(UNMANAGED_RATES, TEST_PRICES))).toBeNull();
    expect(toSaveRequest(draftFrom(UNMANAGED_RATES))).toBeNull();
    expect(toSaveRequest(draftFrom(MANAGED_RATES, TEST_PRICES))).toBeNull();
    expect(problems(draftFrom(UNMANAGED_RATES))).toBeNull();
  });

  it('sends a suggestion the agent used or edited, and only that currency', () => {
    const used = acceptSuggestion(draftFrom(UNMANAGED_RATES, TEST_PRICES), 'bitcoin');
    expect(toSaveRequest(used)).toEqual({
      usdToNaira: '1650',
      rates: [
        {
          currency: 'bitcoin',
          spreadPercentage: '2',
          buyRateUsd: '99195.51',
          sellRateUsd: '95305.49',
          buyRateNaira: '163672591.5',
          sellRateNaira: '157254058.5',
        },
      ],
    });
    const edited = editRateField(draftFrom(MANAGED_RATES), 'usdt', 'spreadPercentage', '1.5');
    expect(toSaveRequest(edited)?.rates.map((r) => r.currency)).toEqual(['usdt']);
  });

  it('sends the USD-to-Naira rate alone when no currency is managed', () => {
    const draft = editUsdToNaira(draftFrom(UNMANAGED_RATES, TEST_PRICES), '1700');
    expect(bitcoin(draft)).toMatchObject({ origin: 'suggested', sellRateNaira: '162019333.00' });
    expect(toSaveRequest(draft)).toEqual({ usdToNaira: '1700', rates: [] });
  });

  it('sends every currency and the USD-to-Naira rate as plain decimals', () => {
    let draft = editUsdToNaira(draftFrom(MANAGED_RATES), '1650.50');
    draft = editRateField(draft, 'bitcoin', 'spreadPercentage', '.5');
    expect(toSaveRequest(draft)).toEqual({
      usdToNaira: '1650.5',
      rates: [
        {
          currency: 'bitcoin',
          spreadPercentage: '0.5',
          buyRateUsd: '99195.51',
          sellRateUsd: '95305.49',
          buyRateNaira: '163722189.26',
          sellRateNaira: '157301711.25',
        },
        {
          currency: 'usdt',
          spreadPercentage: '1',
          buyRateUsd: '1.010202',
          sellRateUsd: '0.990198',
          buyRateNaira: '1667.34',
          sellRateNaira: '1634.32',
        },
      ],
    });
  });

  it('normalises and groups decimals without floats', () => {
    expect(normalizeDecimal(' 0007.50 ')).toBe('7.5');
    expect(groupDigits('7862702.93')).toBe('7,862,702.93');
    expect(groupDigits('123456789012.12345678')).toBe('123,456,789,012.12345678');
    expect(groupDigits('999')).toBe('999');
  });
});

import type { RatesResponse, SaveRatesRequest } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { dec } from '../../../../shared/money';
import { autoCalculate, MAX_SPREAD_PERCENT, nairaRate } from '../../../../shared/rates';
import { decimalError, normalizeDecimal, validDecimal, type DecimalRule } from './decimal-field';

export const RATE_FIELDS = [
  'spreadPercentage',
  'buyRateUsd',
  'sellRateUsd',
  'buyRateNaira',
  'sellRateNaira',
] as const;
export type RateField = (typeof RATE_FIELDS)[number];

/** The API's bounds for each input (shared/api/rates), with labels for the messages. */
export const USD_TO_NAIRA_RULE: DecimalRule = { label: 'USD to Naira rate', places: 4 };
export const RATE_RULES: Record<RateField, DecimalRule> = {
  spreadPercentage: {
    label: 'Spread %',
    places: 2,
    allowZero: true,
    max: {
      value: String(MAX_SPREAD_PERCENT),
      message: `Spread % must be at most ${MAX_SPREAD_PERCENT}`,
    },
  },
  buyRateUsd: { label: 'USD buy rate', places: 8 },
  sellRateUsd: { label: 'USD sell rate', places: 8 },
  buyRateNaira: { label: 'Naira buy rate', places: 2 },
  sellRateNaira: { label: 'Naira sell rate', places: 2 },
};

/** Each USD rate and the Naira rate it sets. */
const NAIRA_OF: Partial<Record<RateField, RateField>> = {
  buyRateUsd: 'buyRateNaira',
  sellRateUsd: 'sellRateNaira',
};

export const SELL_ABOVE_BUY = 'The sell rate cannot be above the buy rate';

export interface RateDraft extends Record<RateField, string> {
  currency: RateCurrency;
  lastUpdated: string | null;
  managed: boolean;
}

/** The screen's form: what the agent is editing, as typed. */
export interface RatesDraft {
  usdToNaira: string;
  rates: RateDraft[];
}

export interface DraftErrors {
  usdToNaira?: string;
  rates: Partial<Record<RateCurrency, Partial<Record<RateField, string>>>>;
}

export function draftFrom(response: RatesResponse): RatesDraft {
  return {
    usdToNaira: response.usdToNaira,
    rates: response.rates.map((r) => ({
      currency: r.currency,
      spreadPercentage: r.spreadPercentage,
      buyRateUsd: r.buyRateUsd,
      sellRateUsd: r.sellRateUsd,
      buyRateNaira: r.buyRateNaira,
      sellRateNaira: r.sellRateNaira,
      lastUpdated: r.lastUpdated,
      managed: r.managed,
    })),
  };
}

function updateRate(
  draft: RatesDraft,
  currency: RateCurrency,
  update: (rate: RateDraft) => RateDraft,
): RatesDraft {
  return {
    ...draft,
    rates: draft.rates.map((r) => (r.currency === currency ? update(r) : r)),
  };
}

/** The Naira rate of a USD rate at the draft's USD-to-Naira rate, or null while either is invalid. */
function nairaFor(usd: string, usdRule: DecimalRule, usdToNaira: string): string | null {
  const u = validDecimal(usd, usdRule);
  const x = validDecimal(usdToNaira, USD_TO_NAIRA_RULE);
  return u && x ? nairaRate(u, x) : null;
}

/**
 * One input changed. Editing a USD buy or sell rate recalculates its Naira rate at the
 * current USD-to-Naira rate (the spec); while either is not a valid number the Naira rate
 * keeps its value.
 */
export function editRateField(
  draft: RatesDraft,
  currency: RateCurrency,
  field: RateField,
  value: string,
): RatesDraft {
  return updateRate(draft, currency, (rate) => {
    const next = { ...rate, [field]: value };
    const nairaField = NAIRA_OF[field];
    if (nairaField) {
      const naira = nairaFor(value, RATE_RULES[field], draft.usdToNaira);
      if (naira !== null) next[nairaField] = naira;
    }
    return next;
  });
}

/**
 * The USD-to-Naira rate changed: every Naira rate follows, so what is saved stays
 * consistent (a Naira rate is always its USD rate at this rate).
 */
export function editUsdToNaira(draft: RatesDraft, value: string): RatesDraft {
  const next = { ...draft, usdToNaira: value };
  if (validDecimal(value, USD_TO_NAIRA_RULE) === null) return next;
  return {
    ...next,
    rates: draft.rates.map((rate) => {
      const buy = nairaFor(rate.buyRateUsd, RATE_RULES.buyRateUsd, value);
      const sell = nairaFor(rate.sellRateUsd, RATE_RULES.sellRateUsd, value);
      return {
        ...rate,
        buyRateNaira: buy ?? rate.buyRateNaira,
        sellRateNaira: sell ?? rate.sellRateNaira,
      };
    }),
  };
}

export type AutoCalculateResult =
  | { ok: true; draft: RatesDraft }
  | { ok: false; error: string; field: 'spreadPercentage' | 'usdToNaira' | 'market' };

export const NO_MARKET_PRICE = 'No market price yet: Auto Calculate needs one';

/**
 * The spec's Auto Calculate with the server's own functions: buy = market x (1 + spread/100),
 * sell = market x (1 - spread/100), each Naira rate = its USD rate x the USD-to-Naira rate.
 */
export function autoCalculateRate(
  draft: RatesDraft,
  currency: RateCurrency,
  marketUsd: string | null,
): AutoCalculateResult {
  const rate = draft.rates.find((r) => r.currency === currency);
  if (!rate) return { ok: false, error: NO_MARKET_PRICE, field: 'market' };
  const spreadError = decimalError(rate.spreadPercentage, RATE_RULES.spreadPercentage);
  if (spreadError) return { ok: false, error: spreadError, field: 'spreadPercentage' };
  const usdToNairaError = decimalError(draft.usdToNaira, USD_TO_NAIRA_RULE);
  if (usdToNairaError) return { ok: false, error: usdToNairaError, field: 'usdToNaira' };
  if (!marketUsd || dec(marketUsd).lte(0)) {
    return { ok: false, error: NO_MARKET_PRICE, field: 'market' };
  }
  const spread = normalizeDecimal(rate.spreadPercentage);
  const usdToNaira = normalizeDecimal(draft.usdToNaira);
  const { buyUsd, sellUsd } = autoCalculate(marketUsd, spread);
  return {
    ok: true,
    draft: updateRate(draft, currency, (r) => ({
      ...r,
      buyRateUsd: buyUsd,
      sellRateUsd: sellUsd,
      buyRateNaira: nairaRate(buyUsd, usdToNaira),
      sellRateNaira: nairaRate(sellUsd, usdToNaira),
    })),
  };
}

/** Every reason the draft cannot be saved, by field; null when it can. */
export function validateDraft(draft: RatesDraft): DraftErrors | null {
  const errors: DraftErrors = { rates: {} };
  let any = false;
  const usdToNaira = decimalError(draft.usdToNaira, USD_TO_NAIRA_RULE);
  if (usdToNaira) {
    errors.usdToNaira = usdToNaira;
    any = true;
  }
  for (const rate of draft.rates) {
    const fieldErrors: Partial<Record<RateField, string>> = {};
    for (const field of RATE_FIELDS) {
      const error = decimalError(rate[field], RATE_RULES[field]);
      if (error) fieldErrors[field] = error;
    }
    if (
      !fieldErrors.buyRateUsd &&
      !fieldErrors.sellRateUsd &&
      dec(normalizeDecimal(rate.sellRateUsd)).gt(normalizeDecimal(rate.buyRateUsd))
    ) {
      fieldErrors.sellRateUsd = SELL_ABOVE_BUY;
    }
    if (Object.keys(fieldErrors).length > 0) {
      errors.rates[rate.currency] = fieldErrors;
      any = true;
    }
  }
  return any ? errors : null;
}

/** Save All Exchange Rates: one atomic request with every currency (a valid draft only). */
export function toSaveRequest(draft: RatesDraft): SaveRatesRequest {
  return {
    usdToNaira: normalizeDecimal(draft.usdToNaira),
    rates: draft.rates.map((r) => ({
      currency: r.currency,
      spreadPercentage: normalizeDecimal(r.spreadPercentage),
      buyRateUsd: normalizeDecimal(r.buyRateUsd),
      sellRateUsd: normalizeDecimal(r.sellRateUsd),
      buyRateNaira: normalizeDecimal(r.buyRateNaira),
      sellRateNaira: normalizeDecimal(r.sellRateNaira),
    })),
  };
}

import Decimal from 'decimal.js';
import { z } from 'zod';
import type { Price } from '../../../../shared/api/prices';
import type { RatesResponse, SaveRatesRequest } from '../../../../shared/api/rates';
import { RATE_CURRENCIES, RATE_SYMBOLS, type RateCurrency } from '../../../../shared/domain';
import { dec, formatNaira } from '../../../../shared/money';
import {
  autoCalculate,
  DEFAULT_SPREADS,
  MAX_SPREAD_PERCENT,
  nairaRate,
  rateFigures,
  SELL_ABOVE_BUY,
} from '../../../../shared/rates';
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

/** Each USD rate and the Naira rate it sets, and back: the two always agree. */
const NAIRA_OF: Partial<Record<RateField, RateField>> = {
  buyRateUsd: 'buyRateNaira',
  sellRateUsd: 'sellRateNaira',
};
const USD_OF: Partial<Record<RateField, RateField>> = {
  buyRateNaira: 'buyRateUsd',
  sellRateNaira: 'sellRateUsd',
};

export { SELL_ABOVE_BUY };

/**
 * Where a currency's values come from, which decides whether Save All sends them:
 * - saved: the managed rate as saved; not sent again unless edited.
 * - suggested: no managed rate; the market-derived values (or empty fields without a market
 *   price), never sent until the agent edits them or uses them.
 * - edited: changed or confirmed by the agent; sent.
 */
const RATE_ORIGINS = ['saved', 'suggested', 'edited'] as const;
export type RateOrigin = (typeof RATE_ORIGINS)[number];

const rateDraftSchema = z.object({
  currency: z.enum(RATE_CURRENCIES),
  spreadPercentage: z.string(),
  buyRateUsd: z.string(),
  sellRateUsd: z.string(),
  buyRateNaira: z.string(),
  sellRateNaira: z.string(),
  lastUpdated: z.string().nullable(),
  origin: z.enum(RATE_ORIGINS),
  /** Saved and shown to customers (within the market guard); false for anything else. */
  published: z.boolean(),
});
export type RateDraft = z.infer<typeof rateDraftSchema>;

/** The screen's form: what the agent is editing, as typed. */
const ratesDraftSchema = z.object({
  usdToNaira: z.string(),
  /** The USD-to-Naira rate as saved: Save All sends nothing when neither it nor a rate changed. */
  savedUsdToNaira: z.string(),
  rates: z.array(rateDraftSchema),
});
export type RatesDraft = z.infer<typeof ratesDraftSchema>;

/**
 * The form for the server's rates (as agents see them) and the market prices: a managed rate as
 * saved; for a currency without one, the market-derived suggestion (Auto Calculate at the
 * default spread), or empty fields while there is no market price.
 */
export function draftFrom(response: RatesResponse, prices: readonly Price[] = []): RatesDraft {
  return {
    usdToNaira: response.usdToNaira,
    savedUsdToNaira: response.usdToNaira,
    rates: response.rates.map((r): RateDraft => {
      const figures = rateFigures(r);
      if (figures) {
        return {
          currency: r.currency,
          ...figures,
          lastUpdated: r.lastUpdated,
          origin: 'saved',
          published: r.published,
        };
      }
      const spread = DEFAULT_SPREADS[r.currency] ?? '2';
      const market = prices.find((p) => p.symbol === RATE_SYMBOLS[r.currency])?.usd;
      const suggestion = market ? autoCalculate(market, spread) : null;
      return {
        currency: r.currency,
        spreadPercentage: spread,
        buyRateUsd: suggestion?.buyUsd ?? '',
        sellRateUsd: suggestion?.sellUsd ?? '',
        buyRateNaira: suggestion ? nairaRate(suggestion.buyUsd, response.usdToNaira) : '',
        sellRateNaira: suggestion ? nairaRate(suggestion.sellUsd, response.usdToNaira) : '',
        lastUpdated: null,
        origin: 'suggested',
        published: false,
      };
    }),
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
 * The USD rate of a Naira rate, to 8 places (half-up): at any USD-to-Naira rate below a million
 * it gives the Naira rate back to the kobo, so the two agree as the server requires.
 */
function usdFor(naira: string, nairaRule: DecimalRule, usdToNaira: string): string | null {
  const n = validDecimal(naira, nairaRule);
  const x = validDecimal(usdToNaira, USD_TO_NAIRA_RULE);
  return n && x ? dec(n).div(x).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed() : null;
}

/**
 * One input changed, so the currency will be saved. Editing a USD buy or sell rate
 * recalculates its Naira rate at the current USD-to-Naira rate (the spec), and editing a Naira
 * rate its USD rate; while either is not a valid number the other keeps its value.
 */
export function editRateField(
  draft: RatesDraft,
  currency: RateCurrency,
  field: RateField,
  value: string,
): RatesDraft {
  return updateRate(draft, currency, (rate) => {
    const next: RateDraft = { ...rate, [field]: value, origin: 'edited' };
    const nairaField = NAIRA_OF[field];
    if (nairaField) {
      const naira = nairaFor(value, RATE_RULES[field], draft.usdToNaira);
      if (naira !== null) next[nairaField] = naira;
    }
    const usdField = USD_OF[field];
    if (usdField) {
      const usd = usdFor(value, RATE_RULES[field], draft.usdToNaira);
      if (usd !== null) next[usdField] = usd;
    }
    return next;
  });
}

/** "Use suggested rates": the agent confirms a currency's market-derived values; it is saved. */
export function acceptSuggestion(draft: RatesDraft, currency: RateCurrency): RatesDraft {
  return updateRate(draft, currency, (rate) => ({ ...rate, origin: 'edited' }));
}

/**
 * The USD-to-Naira rate changed: every Naira rate follows, so what is saved stays
 * consistent (a Naira rate is always its USD rate at this rate). A saved rate changes with it,
 * so it is sent again; a suggestion stays one.
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
        origin: rate.origin === 'saved' ? 'edited' : rate.origin,
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
      origin: 'edited',
      buyRateUsd: buyUsd,
      sellRateUsd: sellUsd,
      buyRateNaira: nairaRate(buyUsd, usdToNaira),
      sellRateNaira: nairaRate(sellUsd, usdToNaira),
    })),
  };
}

/**
 * Every reason the draft cannot be saved, on its field (`usdToNaira`, `rates.<i>.<field>`), in
 * the words of the API's bounds. Only what Save All sends is checked: the USD-to-Naira rate
 * and the edited currencies.
 */
function reportProblems(draft: RatesDraft, ctx: z.RefinementCtx): void {
  const report = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', message, path });
  const usdToNaira = decimalError(draft.usdToNaira, USD_TO_NAIRA_RULE);
  if (usdToNaira) report(['usdToNaira'], usdToNaira);
  draft.rates.forEach((rate, index) => {
    if (rate.origin !== 'edited') return;
    const fieldErrors: Partial<Record<RateField, string>> = {};
    for (const field of RATE_FIELDS) {
      const error = decimalError(rate[field], RATE_RULES[field]);
      if (error) fieldErrors[field] = error;
    }
    for (const side of ['buy', 'sell'] as const) {
      const nairaField = `${side}RateNaira` as const;
      const usd = `${side}RateUsd` as const;
      if (usdToNaira || fieldErrors[usd] || fieldErrors[nairaField]) continue;
      const expected = nairaRate(normalizeDecimal(rate[usd]), normalizeDecimal(draft.usdToNaira));
      if (!dec(normalizeDecimal(rate[nairaField])).eq(expected)) {
        fieldErrors[nairaField] =
          `${RATE_RULES[nairaField].label} must be the USD ${side} rate × the USD to Naira rate: ${formatNaira(expected)}`;
      }
    }
    for (const [sell, buy] of [
      ['sellRateUsd', 'buyRateUsd'],
      ['sellRateNaira', 'buyRateNaira'],
    ] as const) {
      if (fieldErrors[sell] || fieldErrors[buy]) continue;
      if (dec(normalizeDecimal(rate[sell])).gt(normalizeDecimal(rate[buy]))) {
        fieldErrors[sell] = SELL_ABOVE_BUY;
      }
    }
    for (const [field, message] of Object.entries(fieldErrors)) {
      report(['rates', index, field], message);
    }
  });
}

/**
 * Save All Exchange Rates (a valid draft only): one atomic request with the USD-to-Naira rate
 * and the edited currencies, or null when nothing changed. An untouched suggestion is never
 * sent: the server must not store a rate nobody chose.
 */
export function toSaveRequest(draft: RatesDraft): SaveRatesRequest | null {
  const edited = draft.rates.filter((r) => r.origin === 'edited');
  const usdToNaira = normalizeDecimal(draft.usdToNaira);
  if (edited.length === 0 && dec(usdToNaira).eq(draft.savedUsdToNaira)) return null;
  return {
    usdToNaira,
    rates: edited.map((r) => ({
      currency: r.currency,
      spreadPercentage: normalizeDecimal(r.spreadPercentage),
      buyRateUsd: normalizeDecimal(r.buyRateUsd),
      sellRateUsd: normalizeDecimal(r.sellRateUsd),
      buyRateNaira: normalizeDecimal(r.buyRateNaira),
      sellRateNaira: normalizeDecimal(r.sellRateNaira),
    })),
  };
}

/**
 * The exchange rates form's schema: a draft with a problem is refused field by field; a valid
 * one becomes what Save All sends (`toSaveRequest`), or null when nothing changed.
 */
export const ratesFormSchema = ratesDraftSchema
  .superRefine(reportProblems)
  .transform(toSaveRequest);

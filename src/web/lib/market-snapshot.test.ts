// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MANAGED_RATES, TEST_PRICES } from '../testing/fixtures';
import { readMarketSnapshot } from './market-snapshot';

function page(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'market';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readMarketSnapshot', () => {
  it('reads the prices and rates the server rendered the page with', () => {
    const market = { prices: TEST_PRICES, rates: MANAGED_RATES };
    expect(readMarketSnapshot(page(JSON.stringify(market)))).toEqual(market);
    const noRates = { prices: [], rates: null };
    expect(readMarketSnapshot(page(JSON.stringify(noRates)))).toEqual(noRates);
  });

  it('has none on other pages, or when the page holds something else', () => {
    expect(readMarketSnapshot(page(null))).toBeUndefined();
    expect(readMarketSnapshot(page('not json'))).toBeUndefined();
    expect(readMarketSnapshot(page('[]'))).toBeUndefined();
    expect(
      readMarketSnapshot(page(JSON.stringify({ prices: [{ symbol: 'BTC' }], rates: null }))),
    ).toBeUndefined();
    expect(
      readMarketSnapshot(page(JSON.stringify({ prices: TEST_PRICES, rates: { rates: [] } }))),
    ).toBeUndefined();
  });
});

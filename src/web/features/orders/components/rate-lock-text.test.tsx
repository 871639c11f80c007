// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { MANAGED_RATES } from '../../../testing/fixtures';
import { TEST_CONFIG } from '../../../testing/render-app';
import { TestProviders } from '../../../testing/test-providers';
import { QuoteForm } from './quote-form';
import { SellForm } from './sell-form';

afterEach(cleanup);

const withLock = (quoteTtlMinutes: number) => ({ ...TEST_CONFIG, quoteTtlMinutes });

describe("the order forms say how long the rate is locked (QUOTE_TTL_MINUTES), not a fixed '15'", () => {
  it('the customer sell form', () => {
    stubApi({
      'GET /api/payout-accounts': () => ({ body: [] }),
      'GET /api/exchange-rates': { body: MANAGED_RATES },
    });
    render(
      <TestProviders config={withLock(20)}>
        <MemoryRouter>
          <SellForm chatSessionId={7} defaultCoin="bitcoin" onCreated={() => undefined} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(
      screen.getByText(
        'We lock our sell rate for you for 20 minutes and show where to send the coins.',
      ),
    ).toBeTruthy();
  });

  it("the agent's quote form, with one minute in the singular", () => {
    render(
      <TestProviders config={withLock(1)}>
        <QuoteForm
          chatSessionId={7}
          defaultCoin="usdt"
          onSent={() => undefined}
          onClose={() => undefined}
        />
      </TestProviders>,
    );
    expect(
      screen.getByText(
        'The quote locks our sell rate for 1 minute. The customer accepts it in the chat with their payout account.',
      ),
    ).toBeTruthy();
  });
});

import type { AvailabilityState } from '../../shared/api/availability';
import type { User } from '../../shared/api/auth';
import type { Price } from '../../shared/api/prices';
import type { RatesResponse } from '../../shared/api/rates';
import type { ApiRoutes } from './api-stub';
import { AT, TEST_PRICES, UNMANAGED_RATES } from './fixtures';

export interface AgentInboxApi {
  agent: User;
  /** The header's availability switch (Online unless told). */
  availability?: AvailabilityState;
  /** The desk's rates (none managed unless told). */
  rates?: RatesResponse;
  prices?: Price[];
}

/**
 * The routes every agent screen reads whatever it shows, for `stubApi`: the guard's check of
 * the agent, the header's availability switch, the rates strip (the desk's rates, and the
 * market prices its per-USD figures divide by) and who is signed in (whose Mine and Locked).
 */
export function agentInboxRoutes(api: AgentInboxApi): ApiRoutes {
  return {
    'GET /api/agent/user': { body: api.agent },
    'GET /api/auth/user': { body: api.agent },
    'GET /api/availability/me': {
      body: { agentId: api.agent.id, state: api.availability ?? 'online', since: AT },
    },
    'GET /api/exchange-rates/manage': { body: api.rates ?? UNMANAGED_RATES },
    'GET /api/prices': { body: api.prices ?? TEST_PRICES },
  };
}

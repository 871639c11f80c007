import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { useQuery } from '@tanstack/react-query';
import { chatOrdersQuery } from '../../orders/api/list-chat-orders';
import { isOpenOrder } from '../../orders/lib/states';
import { ratesQuery } from '../../rates/api/get-rates';
import { perCoin, type VariableValues } from './fill';

/** This chat's values for the canned replies' variables: its customer, the rates, its open order. */
export function useVariableValues(
  chatSessionId: number,
  session: ChatSession | undefined,
  /** Agents only: nothing is read for a customer. */
  enabled = true,
): VariableValues {
  const rates = useQuery({ ...ratesQuery, enabled }).data;
  const latest = useQuery({ ...chatOrdersQuery(chatSessionId), enabled }).data?.[0];
  const rate = (currency: 'bitcoin' | 'usdt') =>
    rates?.rates.find((r) => r.currency === currency)?.sellRateNaira ?? null;
  const order = latest && isOpenOrder(latest.state) ? latest : null;
  return {
    '{customer.firstName}': session?.customer.firstName ?? null,
    '{rate.bitcoin.sell}': perCoin(rate('bitcoin'), 'BTC'),
    '{rate.usdt.sell}': perCoin(rate('usdt'), 'USDT'),
    '{order.depositAddress}': order?.depositAddress ?? null,
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { RateCurrency } from '../../../shared/domain';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import { dec } from '../../../shared/money';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';

/**
 * The amount a new order on a shared deposit address asks for (decision 030), as text to the
 * coin's places: `amountCrypto` itself, or, when another open order on `address` (awaiting its
 * deposit, or holding one not yet confirmed) asks for that, the nearest free amount by the
 * fewest smallest units (satoshi, 0.000001 USDT), a unit less before a unit more, so a
 * payment's exact amount names its order. An expression over `address`, worked out where the
 * orders are: for an order, in the statement that picks the address (`nextDepositAddress`),
 * which begins after the network's lock was granted, so each order sees the amounts taken
 * before it. With n amounts taken, one of the n + 1 steps up is free.
 */
export function freeAmountAt(options: {
  network: DepositNetwork;
  address: SQL;
  coin: RateCurrency;
  amountCrypto: string;
}): SQL {
  const { network, address, coin, amountCrypto } = options;
  const places = COIN_DECIMALS[coin];
  const unit = dec(1).dividedBy(dec(10).pow(places)).toFixed(places);
  const taken = sql`o.network = ${network}::desk_network and o.deposit_address = ${address}
                    and o.state in ('awaiting_deposit', 'deposit_seen')`;
  return sql`(select round(c.amount, ${places}::integer)::text from (
      select ${amountCrypto}::numeric + v.sign * s.step * ${unit}::numeric as amount, s.step, v.sign
      from generate_series(0, (select count(*) from orders o where ${taken})) as s(step),
           (values (-1), (1)) as v(sign)) c
    where c.amount > 0
      and not exists (select 1 from orders o where ${taken} and o.amount_crypto = c.amount)
    order by c.step, c.sign limit 1)`;
}

/** The amount an order would ask for at `address` now, for its preview (nothing locked). */
export async function uniqueDepositAmount(options: {
  db: Db;
  network: DepositNetwork;
  address: string;
  coin: RateCurrency;
  amountCrypto: string;
}): Promise<string> {
  const [read] = await rows<{ amount: string }>(
    options.db,
    sql`select ${freeAmountAt({ ...options, address: sql`${options.address}` })} as amount`,
  );
  return read!.amount;
}

import { sql, type SQL } from 'drizzle-orm';
import type { RateCurrency } from '../../../shared/domain';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import { dec } from '../../../shared/money';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';

/**
 * The amounts the open orders on a shared deposit address ask for (awaiting their deposit, or
 * holding one not yet confirmed), as a JSON array of texts: an expression over `address`, for
 * the statement that picks the address (`nextDepositAddress`'s `readAtShared`).
 */
export function takenAmountsAt(network: DepositNetwork, address: SQL): SQL {
  return sql`(select coalesce(json_agg(o.amount_crypto::text), '[]'::json) from orders o
              where o.network = ${network}::desk_network and o.deposit_address = ${address}
                and o.state in ('awaiting_deposit', 'deposit_seen'))`;
}

/**
 * The amount a new order on a shared deposit address asks for (decision 030): `amountCrypto`
 * itself, or, when an amount in `taken` (`takenAmountsAt`) is that, the nearest free amount by
 * the fewest smallest units (satoshi, 0.000001 USDT), a unit less before a unit more, so a
 * payment's exact amount names its order. For an order, `taken` is read after the address's
 * pick took the network's lock: the lock serializes the orders of a network, so each sees the
 * amounts taken before it.
 */
export function freeDepositAmount(options: {
  taken: readonly string[];
  coin: RateCurrency;
  amountCrypto: string;
}): string {
  const places = COIN_DECIMALS[options.coin];
  const taken = new Set(options.taken.map((amount) => dec(amount).toFixed(places)));
  const unit = dec(1).dividedBy(dec(10).pow(places));
  const wanted = dec(options.amountCrypto);
  for (let step = 0; ; step++) {
    for (const candidate of [wanted.minus(unit.times(step)), wanted.plus(unit.times(step))]) {
      const text = candidate.toFixed(places);
      if (candidate.greaterThan(0) && !taken.has(text)) return text;
    }
  }
}

/** The amount an order would ask for at `address` now, for its preview (nothing locked). */
export async function uniqueDepositAmount(options: {
  db: Db;
  network: DepositNetwork;
  address: string;
  coin: RateCurrency;
  amountCrypto: string;
}): Promise<string> {
  const { db, network, address, coin, amountCrypto } = options;
  const [read] = await rows<{ taken: string[] }>(
    db,
    sql`select ${takenAmountsAt(network, sql`${address}`)} as taken`,
  );
  return freeDepositAmount({ taken: read!.taken, coin, amountCrypto });
}

import { and, eq, inArray } from 'drizzle-orm';
import type { RateCurrency } from '../../../shared/domain';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import { dec } from '../../../shared/money';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * The amount a new order on a shared deposit address asks for (decision 030): `amountCrypto`
 * itself, or, when another open order on the address (awaiting its deposit, or holding one not
 * yet confirmed) asks for that, the nearest free amount by the fewest smallest units (satoshi,
 * 0.000001 USDT), a unit less before a unit more, so a payment's exact amount names its order.
 * Call it in the order's transaction after the address was picked: the pick's row lock
 * serializes the orders of a network, so each sees the amounts taken before it.
 */
export async function uniqueDepositAmount(options: {
  db: Db;
  network: DepositNetwork;
  address: string;
  coin: RateCurrency;
  amountCrypto: string;
}): Promise<string> {
  const { db, network, address, coin, amountCrypto } = options;
  const places = COIN_DECIMALS[coin];
  const taken = new Set(
    (
      await db
        .select({ amount: orders.amountCrypto })
        .from(orders)
        .where(
          and(
            eq(orders.network, network),
            eq(orders.depositAddress, address),
            inArray(orders.state, ['awaiting_deposit', 'deposit_seen']),
          ),
        )
    ).map((r) => dec(r.amount).toFixed(places)),
  );
  const unit = dec(1).dividedBy(dec(10).pow(places));
  const wanted = dec(amountCrypto);
  for (let step = 0; ; step++) {
    for (const candidate of [wanted.minus(unit.times(step)), wanted.plus(unit.times(step))]) {
      const text = candidate.toFixed(places);
      if (candidate.greaterThan(0) && !taken.has(text)) return text;
    }
  }
}

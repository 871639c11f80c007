import { orderLimitsText } from '../../../../shared/api/orders';
import type { RateCurrency } from '../../../../shared/domain';
import { CoinSelect } from '../../../components/coin-select';
import { MoneyField } from '../../../components/money-field';
import { useAppConfig } from '../../../lib/app-config';
import { RATE_SYMBOLS } from '../../rates/lib/symbols';
import { UnitSwitch, type Unit } from './unit-switch';

/**
 * The coin, then the amount to sell in that coin or in naira, with the order limits under it
 * ("From ₦5,000 to ₦50,000,000"): a sell's and a quote's fields.
 */
export function CoinAmountFields({
  id,
  coin,
  onCoin,
  unit,
  onUnit,
  amount,
  onAmount,
  error,
}: {
  id: string;
  coin: RateCurrency;
  onCoin: (coin: RateCurrency) => void;
  unit: Unit;
  onUnit: (unit: Unit) => void;
  amount: string;
  onAmount: (amount: string) => void;
  /** The amount's problem, once it is worth showing. */
  error: string | null;
}) {
  const { minOrderNaira, maxOrderNaira } = useAppConfig();
  const symbol = RATE_SYMBOLS[coin];
  return (
    <>
      <CoinSelect id={`${id}-coin`} label="Coin" value={coin} onChange={onCoin} />
      <UnitSwitch unit={unit} symbol={symbol} onChange={onUnit} />
      <MoneyField
        id={`${id}-amount`}
        label={unit === 'crypto' ? `Amount (${symbol})` : 'Amount (₦)'}
        value={amount}
        onChange={onAmount}
        prefix={unit === 'naira' ? '₦' : undefined}
        suffix={unit === 'crypto' ? symbol : undefined}
        grouped={unit === 'naira'}
        error={error}
        hint={orderLimitsText(minOrderNaira, maxOrderNaira)}
        notANumber="Amount must be a number"
      />
    </>
  );
}

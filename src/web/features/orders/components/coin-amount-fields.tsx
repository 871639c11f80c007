import { useController, useFormContext, useFormState } from 'react-hook-form';
import { orderLimitsText } from '../../../../shared/api/orders';
import { CoinSelect } from '../../../components/coin-select';
import { MoneyField } from '../../../components/money-field';
import { useAppConfig } from '../../../lib/app-config';
import { RATE_SYMBOLS } from '../../rates/lib/symbols';
import type { OrderFormValues } from '../lib/order-form';
import { UnitSwitch } from './unit-switch';

/**
 * The coin, then the amount to sell in that coin or in naira, with the order limits under it
 * ("From ₦5,000 to ₦50,000,000"): a sell's and a quote's fields, inside their <Form>. The
 * amount's problem shows once something is typed, or after a submit. `onEdit`: a field
 * changed (the next submit is another action).
 */
export function CoinAmountFields({ id, onEdit }: { id: string; onEdit: () => void }) {
  const { minOrderNaira, maxOrderNaira } = useAppConfig();
  const { control, trigger } = useFormContext<OrderFormValues>();
  // This component's own subscription: it re-renders when the submit or the amount's check ends.
  const { isSubmitted, errors } = useFormState({ control });
  const coin = useController({ control, name: 'coin' }).field;
  const unit = useController({ control, name: 'unit' }).field;
  const amount = useController({ control, name: 'amount' }).field;
  const symbol = RATE_SYMBOLS[coin.value];
  const problem = isSubmitted || amount.value !== '' ? (errors.amount?.message ?? null) : null;
  // The coin's decimal places and the unit decide whether the amount is valid: check it again.
  const choose =
    <T,>(field: { onChange: (value: T) => void }) =>
    (value: T) => {
      field.onChange(value);
      void trigger('amount');
      onEdit();
    };
  return (
    <>
      <CoinSelect id={`${id}-coin`} label="Coin" value={coin.value} onChange={choose(coin)} />
      <UnitSwitch unit={unit.value} symbol={symbol} onChange={choose(unit)} />
      <MoneyField
        id={`${id}-amount`}
        label={unit.value === 'crypto' ? `Amount (${symbol})` : 'Amount (₦)'}
        value={amount.value}
        onChange={(value) => {
          amount.onChange(value);
          onEdit();
        }}
        prefix={unit.value === 'naira' ? '₦' : undefined}
        suffix={unit.value === 'crypto' ? symbol : undefined}
        grouped={unit.value === 'naira'}
        error={problem}
        hint={orderLimitsText(minOrderNaira, maxOrderNaira)}
        notANumber="Amount must be a number"
      />
    </>
  );
}

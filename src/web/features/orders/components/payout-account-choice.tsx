import { Link } from 'react-router';
import type { PayoutAccount } from '../../../../shared/api/payout-accounts';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * "Pay me into": the customer's saved payout accounts to choose from and a link to add another;
 * with none saved, a link to add the first.
 */
export function PayoutAccountChoice({
  id,
  accounts,
  value,
  onChange,
}: {
  id: string;
  /** The saved accounts; undefined while they load. */
  accounts: readonly PayoutAccount[] | undefined;
  value: number | undefined;
  onChange: (accountId: number) => void;
}) {
  if (accounts?.length === 0) {
    return (
      <p
        className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink"
        data-testid="no-payout-account"
      >
        You have no payout account yet.{' '}
        <Link to="/payout-accounts" className={linkClasses}>
          Add a payout account
        </Link>
      </p>
    );
  }
  return (
    <div>
      <Label htmlFor={id} className="mb-1.5">
        Pay me into
      </Label>
      <select
        id={id}
        value={value ?? ''}
        disabled={!accounts}
        onChange={(e) => onChange(Number(e.target.value))}
        className={inputClasses}
      >
        {accounts?.map((a) => (
          <option key={a.id} value={a.id}>
            {payoutAccountFullLabel(a)} · {a.accountName}
          </option>
        ))}
      </select>
      <Link to="/payout-accounts" className={cn(linkClasses, 'mt-1.5 inline-block text-sm')}>
        Add another account
      </Link>
    </div>
  );
}

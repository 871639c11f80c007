import { BadgeCheck, CircleAlert, Landmark } from 'lucide-react';
import type { PayoutAccount, StaffPayoutAccount } from '../../shared/api/payout-accounts';
import { CopyButton } from './ui/copy-button';
import { cn } from '../lib/cn';

/**
 * Where the naira goes, in full, for whoever pays or is paid: the bank, the whole account
 * number with a copy button, the holder's name and whether the bank's name enquiry verified it.
 * The server sends the number only to staff and to the account's own customer. `alsoSavedBy`
 * (staff only) names the other customers who saved the same account.
 */
export function PayoutAccountDetails({
  account,
  alsoSavedBy,
  className,
}: {
  account: PayoutAccount;
  alsoSavedBy?: StaffPayoutAccount['alsoSavedBy'];
  className?: string;
}) {
  const others = alsoSavedBy ?? [];
  return (
    <div
      data-testid="payout-account-details"
      data-account-id={account.id}
      className={cn('flex min-w-0 flex-col gap-1 text-sm', className)}
    >
      <p className="flex items-center gap-1.5 text-ink-muted" data-testid="payout-account-bank">
        <Landmark aria-hidden className="size-4 shrink-0 text-brand-700" />
        {account.bankName}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="payout-account-number"
          className="font-mono text-base font-semibold tracking-wider text-ink tabular-nums"
        >
          {account.accountNumber}
        </span>
        <CopyButton
          text={account.accountNumber}
          label={`Copy account number ${account.accountNumber}`}
        />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span data-testid="payout-account-name" className="font-semibold break-words text-ink">
          {account.accountName}
        </span>
        {account.verified ? (
          <span
            data-testid="payout-account-verified"
            className="inline-flex items-center gap-1 text-xs font-medium text-up"
          >
            <BadgeCheck aria-hidden className="size-4" />
            Name verified
          </span>
        ) : (
          <span data-testid="payout-account-verified" className="text-xs text-ink-muted">
            Not verified
          </span>
        )}
      </p>
      {others.length > 0 && (
        <p
          role="note"
          data-testid="payout-account-shared"
          className="flex items-start gap-1.5 rounded-xl bg-down-soft px-2.5 py-1.5 text-xs font-medium text-down"
        >
          <CircleAlert aria-hidden className="mt-px size-4 shrink-0" />
          <span>
            Also saved by{' '}
            {others.length === 1 ? 'another customer' : `${others.length} other customers`}:{' '}
            {others.map((o) => o.name).join(', ')}. Check before paying.
          </span>
        </p>
      )}
    </div>
  );
}

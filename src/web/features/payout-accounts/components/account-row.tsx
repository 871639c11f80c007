import { BadgeCheck, Landmark, Trash2 } from 'lucide-react';
import type { PayoutAccount } from '../../../../shared/api/payout-accounts';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { Button } from '../../../components/ui/button';

/** One saved account: its bank and full number, the bank's (verified) or typed name, and Delete. */
export function AccountRow({
  account,
  deleting,
  onDelete,
}: {
  account: PayoutAccount;
  deleting: boolean;
  onDelete: () => void;
}) {
  const label = payoutAccountFullLabel(account);
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span
        aria-hidden
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <Landmark className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{label}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-ink-muted">
          <span className="min-w-0 break-words">{account.accountName}</span>
          {account.verified ? (
            <span className="inline-flex shrink-0 items-center gap-1 font-medium text-up">
              <BadgeCheck aria-hidden className="size-4" />
              Verified
            </span>
          ) : (
            <span className="shrink-0">· not verified</span>
          )}
        </p>
      </div>
      <Button
        variant="danger"
        className="shrink-0 px-3"
        disabled={deleting}
        onClick={onDelete}
        aria-label={`Delete ${label}`}
      >
        <Trash2 aria-hidden />
        <span className="max-sm:sr-only">Delete</span>
      </Button>
    </li>
  );
}

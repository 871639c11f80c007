import { ChevronDown } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type {
  CreatePayoutAccountRequest,
  PayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { errorText } from '../../../lib/error-text';
import { useAddPayoutAccount } from '../api/add-payout-account';
import { useBanks } from '../api/list-banks';

export const ADD_FAILED_MESSAGE = 'Could not save the account. Please try again.';

type AddMutation = UseMutationResult<PayoutAccount, Error, CreatePayoutAccountRequest>;

/**
 * Bank, 10-digit number and name; the server checks the number and asks the bank for the name.
 * The customer's own form, or (`forCustomer`) an agent's for a WhatsApp customer, saved through
 * `add` for the customer to confirm.
 */
export function AddAccountForm({
  onAdded,
  forCustomer,
}: {
  onAdded: (account: PayoutAccount) => void;
  forCustomer?: AddMutation;
}) {
  const own = useAddPayoutAccount();
  const add = forCustomer ?? own;
  const id = useId();
  const banks = useBanks();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = banks.data?.find((b) => b.code === bankCode);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!bankCode) return setProblem(forCustomer ? 'Choose the bank.' : 'Choose your bank.');
    if (!/^\d{10}$/.test(accountNumber)) return setProblem('The account number must be 10 digits.');
    setProblem(null);
    add.mutate(
      { bankCode, accountNumber, accountName: accountName.trim() || undefined },
      {
        onSuccess: (account) => {
          setAccountNumber('');
          setAccountName('');
          onAdded(account);
        },
        onError: (error) => setProblem(errorText(error, ADD_FAILED_MESSAGE)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-bank`}>Bank</Label>
        <div className="relative">
          <select
            id={`${id}-bank`}
            className={`${inputClasses} appearance-none pr-10`}
            value={bankCode}
            disabled={!banks.data}
            onChange={(e) => setBankCode(e.target.value)}
          >
            <option value="">
              {banks.isError
                ? 'Could not load banks'
                : forCustomer
                  ? 'Choose the bank'
                  : 'Choose your bank'}
            </option>
            {banks.data?.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3.5 size-[18px] -translate-y-1/2 text-ink-muted"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-number`}>Account number</Label>
        <Input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="10 digits"
          value={accountNumber}
          aria-describedby={chosen?.scheme === 'phone' ? `${id}-number-hint` : undefined}
          // A pasted "0123 456 785" keeps all its digits: strip first, then cut to 10.
          onChange={(e) => setAccountNumber(e.target.value.replace(/\D/g, '').slice(0, 10))}
        />
        {chosen?.scheme === 'phone' && (
          <p id={`${id}-number-hint`} className="text-sm text-ink-muted">
            {forCustomer
              ? `The ${chosen.shortName} account number is the holder's phone number without the first 0.`
              : `Your ${chosen.shortName} account number is your phone number without the first 0.`}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Account name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          maxLength={100}
          placeholder={forCustomer ? 'As the bank shows it' : 'As your bank shows it'}
          value={accountName}
          onChange={(e) => setAccountName(e.target.value)}
        />
        <p className="text-sm text-ink-muted">
          {forCustomer
            ? "We ask the bank for the name when we can, and use the bank's. The customer confirms the account on WhatsApp before it can be paid into."
            : "We ask your bank for the name when we can, and use the bank's."}
        </p>
      </div>
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      <Button type="submit" size="lg" disabled={add.isPending}>
        {add.isPending
          ? `Checking with ${forCustomer ? 'the' : 'your'} bank…`
          : forCustomer
            ? 'Save and ask the customer'
            : 'Save account'}
      </Button>
    </form>
  );
}

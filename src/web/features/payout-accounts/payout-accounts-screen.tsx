import { BackLinkPage } from '../../components/back-link-page';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { MAX_PAYOUT_ACCOUNTS } from '../../../shared/api/payout-accounts';
import { payoutAccountFullLabel } from '../../../shared/payout-accounts/account-label';
import { ErrorAlert } from '../../components/ui/alert';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/api/get-current-user';
import { useDeletePayoutAccount } from './api/delete-payout-account';
import { usePayoutAccounts } from './api/list-payout-accounts';
import { AccountRow } from './components/account-row';
import { AddAccountForm } from './components/add-account-form';

function AccountsCard() {
  const accounts = usePayoutAccounts();
  const remove = useDeletePayoutAccount();
  const list = accounts.data ?? [];
  return (
    <section
      aria-labelledby="saved-accounts"
      className="overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-black/5"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id="saved-accounts" className="text-base font-semibold text-ink">
          Saved accounts
        </h2>
        <span className="text-sm text-ink-muted">
          {list.length} of {MAX_PAYOUT_ACCOUNTS}
        </span>
      </div>
      {accounts.isPending && <p className="px-4 py-6 text-ink-muted">Loading…</p>}
      {accounts.isError && (
        <ErrorAlert className="m-4">
          {errorText(accounts.error, 'Could not load accounts.')}
        </ErrorAlert>
      )}
      {accounts.isSuccess && list.length === 0 && (
        <p className="px-4 py-6 text-ink-muted">
          No accounts yet. Add the bank account you want your naira paid into.
        </p>
      )}
      {list.length > 0 && (
        <ul className="divide-y divide-line">
          {list.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              deleting={remove.isPending && remove.variables === account.id}
              onDelete={() =>
                remove.mutate(account.id, {
                  onSuccess: () => toast({ title: `${payoutAccountFullLabel(account)} deleted` }),
                  onError: (error) =>
                    toast({
                      title: 'Could not delete the account',
                      description: errorText(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddCard() {
  const accounts = usePayoutAccounts();
  const full = (accounts.data?.length ?? 0) >= MAX_PAYOUT_ACCOUNTS;
  return (
    <section
      aria-labelledby="add-account"
      className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-black/5 sm:p-6"
    >
      <h2 id="add-account" className="mb-4 text-base font-semibold text-ink">
        Add an account
      </h2>
      {full ? (
        <p className="text-ink-muted">
          You have {MAX_PAYOUT_ACCOUNTS} accounts, the most you can keep. Delete one to add another.
        </p>
      ) : (
        <AddAccountForm
          onAdded={(account) =>
            toast({
              title: `${payoutAccountFullLabel(account)} saved`,
              description: account.verified
                ? `Your bank confirmed the name: ${account.accountName}`
                : 'We could not confirm the name with your bank; we saved it as you typed it.',
            })
          }
        />
      )}
    </section>
  );
}

function SignInFirst() {
  useEffect(() => {
    window.location.assign(`/api/login?returnTo=${encodeURIComponent('/payout-accounts')}`);
  }, []);
  return <p className="p-6 text-ink-muted">Taking you to sign in…</p>;
}

/** /payout-accounts: the customer's bank accounts for naira payouts (at most 5). */
export default function PayoutAccountsScreen() {
  const me = useCurrentUser();
  if (me.data === null) return <SignInFirst />;
  if (me.data && (me.data.isAgent || me.data.isAdmin))
    return <Navigate replace to="/agent/chats" />;
  return (
    <BackLinkPage
      back={{ to: '/trade', label: 'Back to trading' }}
      title="Payout accounts"
      width="max-w-3xl"
    >
      <p className="text-ink-muted">
        Where we send your naira when you sell. Your agent sees the account you choose for a trade.
      </p>
      {me.isError ? (
        <ErrorAlert>We could not reach the server. Please reload the page.</ErrorAlert>
      ) : (
        me.data && (
          <>
            <AccountsCard />
            <AddCard />
          </>
        )
      )}
    </BackLinkPage>
  );
}

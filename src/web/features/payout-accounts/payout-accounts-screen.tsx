import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { MAX_PAYOUT_ACCOUNTS } from '../../../shared/api/payout-accounts';
import { payoutAccountLabel } from '../../../shared/payout-accounts/masked-account';
import { ErrorAlert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth';
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
                  onSuccess: () => toast({ title: `${payoutAccountLabel(account)} deleted` }),
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
              title: `${payoutAccountLabel(account)} saved`,
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
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="on-dark bg-brand-950 text-white">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-3 py-3 sm:px-6 sm:py-4">
          <Link
            to="/trade"
            className={buttonClasses({
              variant: 'ghost',
              className: 'px-2.5 text-white hover:bg-white/10',
            })}
          >
            <ArrowLeft aria-hidden />
            <span className="max-sm:sr-only">Back to trading</span>
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl">
            Payout accounts
          </h1>
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-4 px-3 pt-4 pb-12 sm:gap-6 sm:px-6 sm:pt-8">
        <p className="text-ink-muted">
          Where we send your naira when you sell. Your agent sees the account you choose for a
          trade.
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
      </main>
    </div>
  );
}

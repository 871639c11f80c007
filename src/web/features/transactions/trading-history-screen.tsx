import { ArrowRight, LogOut, MessagesSquare, ReceiptText, RefreshCw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../shared/api/auth';
import { Button, buttonClasses } from '../../components/ui/button';
import { NextPageButton } from '../../components/load-more';
import { usePageItems } from '../../lib/use-page-items';
import { PortalCard, PortalPage } from '../../components/portal-page';
import { TopBarLink } from '../../components/top-bar';
import { useCustomerTransactions } from './api/list-customer-transactions';
import { TransactionCard } from './components/transaction-card';
import { shortId } from './lib/display';
import { useLiveConnection } from '../../lib/realtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isStaff(user: User): boolean {
  return user.isAgent || user.isAdmin;
}

function HistoryList({ customerId, own }: { customerId: string; own: boolean }) {
  const query = useCustomerTransactions(customerId);
  useLiveConnection();
  const items = usePageItems(query);

  if (query.isPending) {
    return (
      <p role="status" className="py-12 text-center text-ink-muted">
        {own ? 'Loading your trading history...' : 'Loading trading history...'}
      </p>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <PortalCard>
        <div role="alert" className="py-6 text-center">
          <p className="font-semibold text-down">Failed to fetch the trading history</p>
          <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      </PortalCard>
    );
  }
  if (items.length === 0) {
    return (
      <PortalCard data-testid="history-empty">
        <div className="py-6 text-center">
          <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <ReceiptText aria-hidden className="size-7" />
          </span>
          <h2 className="mt-4 text-xl font-bold">No Trading History</h2>
          <p className="mt-2 text-ink-muted">
            {own
              ? 'Your trades with our agents will appear here.'
              : 'This customer has no transactions yet.'}
          </p>
          {own && (
            <Link to="/trade" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
              Start Trading
              <ArrowRight aria-hidden />
            </Link>
          )}
        </div>
      </PortalCard>
    );
  }
  return (
    <>
      <ul className="grid gap-3 sm:gap-4 md:grid-cols-2" aria-label="Transactions">
        {items.map((t) => (
          <li key={t.id}>
            <TransactionCard transaction={t} className="h-full" />
          </li>
        ))}
      </ul>
      <NextPageButton query={query} variant="outline" />
    </>
  );
}

/** An agent on the history screen without a customer: where to find one. */
function ChooseCustomer() {
  return (
    <PortalCard>
      <div className="py-6 text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Search aria-hidden className="size-7" />
        </span>
        <h2 className="mt-4 text-xl font-bold">Choose a customer</h2>
        <p className="mt-2 text-ink-muted">
          Open a customer&apos;s trading history from their chat.
        </p>
        <Link to="/agent/chats" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          <MessagesSquare aria-hidden />
          Go to chats
        </Link>
      </div>
    </PortalCard>
  );
}

function AgentActions({ signOut }: { signOut: ReactNode }) {
  return (
    <>
      <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
      {signOut}
    </>
  );
}

function CustomerActions() {
  return (
    <>
      <TopBarLink to="/trade" icon={<MessagesSquare aria-hidden />} label="Chat" />
      <TopBarLink to="/api/logout" reload icon={<LogOut aria-hidden />} label="Sign out" />
    </>
  );
}

/**
 * /trading-history: a customer's own trades (the route admits anyone signed in).
 * /agent/trading-history: agents (the route admits staff), with ?customerId= for the customer
 * whose history they open. Both live; the route gives the viewer and the sign-out button.
 */
export default function TradingHistoryScreen({
  user: viewer,
  signOut,
}: {
  user: User;
  signOut: ReactNode;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const staff = isStaff(viewer);
  const requested = params.get('customerId');
  const customerId = staff ? (requested && UUID.test(requested) ? requested : null) : viewer.id;
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(staff ? '/agent/chats' : '/trade');
  };
  return (
    <PortalPage
      title="Trading History"
      actions={staff ? <AgentActions signOut={signOut} /> : <CustomerActions />}
      back={{ onClick: goBack, label: 'Back' }}
      aside={
        staff && customerId ? (
          <span className="rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-semibold text-gold-200">
            Customer #<span className="font-mono">{shortId(customerId)}</span>
          </span>
        ) : undefined
      }
    >
      {customerId ? (
        <HistoryList key={customerId} customerId={customerId} own={!staff} />
      ) : (
        <ChooseCustomer />
      )}
    </PortalPage>
  );
}

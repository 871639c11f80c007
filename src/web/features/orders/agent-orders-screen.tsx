import { LayoutDashboard, MessagesSquare, ReceiptText, RefreshCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ORDER_STATES } from '../../../shared/orders/states';
import { ConnectionIndicator } from '../../components/connection-indicator';
import { NextPageButton } from '../../components/load-more';
import { TopBar, TopBarLink, TopBarRow } from '../../components/top-bar';
import { Button } from '../../components/ui/button';
import { useAppConfig } from '../../lib/app-config';
import { cn } from '../../lib/cn';
import { errorText } from '../../lib/error-text';
import { usePageItems } from '../../lib/use-page-items';
import type { StaffOrderFilter } from './api/keys';
import { useStaffOrders } from './api/list-staff-orders';
import { STAFF_ORDER_COLUMNS, STAFF_ORDER_GRID, StaffOrderRow } from './components/staff-order-row';
import { sortStaffOrders } from './lib/staff-orders';
import { ORDER_STATE_DISPLAY } from './lib/states';
import { useLiveConnection } from '../../lib/realtime';
import { useNow } from './lib/use-now';

const FILTERS: readonly { value: StaffOrderFilter; label: string }[] = [
  { value: 'all', label: 'All orders' },
  { value: 'deposit-problems', label: 'Deposit problems (chain, hand-confirmed, flagged)' },
  ...ORDER_STATES.map((state) => ({ value: state, label: ORDER_STATE_DISPLAY[state].label })),
];

function StateFilter({
  value,
  onChange,
}: {
  value: StaffOrderFilter;
  onChange: (value: StaffOrderFilter) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-ink-muted">
        State
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as StaffOrderFilter)}
        className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 text-sm font-semibold sm:flex-none"
      >
        {FILTERS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function OrdersList({ filter }: { filter: StaffOrderFilter }) {
  const query = useStaffOrders(filter);
  const { payoutSlaMinutes } = useAppConfig();
  const now = useNow();
  const orders = sortStaffOrders(usePageItems(query), payoutSlaMinutes, now);

  if (query.isPending) {
    return (
      <p role="status" className="px-4 py-12 text-center text-ink-muted">
        Loading orders...
      </p>
    );
  }
  if (query.isError && orders.length === 0) {
    return (
      <div role="alert" className="px-4 py-12 text-center">
        <p className="font-semibold text-down">Failed to fetch orders</p>
        <p className="mt-1 text-sm text-ink-muted">{errorText(query.error, 'Please try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="px-4 py-12 text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <ReceiptText aria-hidden className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-bold">No orders</h2>
        <p className="mt-1 text-ink-muted">
          {filter === 'all'
            ? 'Orders appear here when customers sell in their chats.'
            : filter === 'deposit-problems'
              ? 'No open order has a deposit problem now.'
              : `No order is “${ORDER_STATE_DISPLAY[filter].label}” now.`}
        </p>
      </div>
    );
  }
  return (
    <>
      <div
        aria-hidden
        className={cn(
          'hidden gap-4 border-b border-line bg-canvas/60 px-6 py-2.5 text-xs font-semibold tracking-wide text-ink-muted uppercase md:grid',
          STAFF_ORDER_GRID,
        )}
      >
        {STAFF_ORDER_COLUMNS.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <ul aria-label="Orders" className="divide-y divide-line">
        {orders.map((order) => (
          <StaffOrderRow
            key={order.id}
            order={order}
            payoutSlaMinutes={payoutSlaMinutes}
            now={now}
          />
        ))}
      </ul>
      <NextPageButton query={query} className="border-t border-line p-3" />
    </>
  );
}

/**
 * /agent/orders: every order, agents and admins, by state or with a deposit problem (short,
 * over, late, an image seen before; each row says which); overdue payouts first and red,
 * newest first after them, live. The route lets staff in and gives the sign-out button.
 */
export default function AgentOrdersScreen({ signOut }: { signOut: ReactNode }) {
  const [filter, setFilter] = useState<StaffOrderFilter>('all');
  const connection = useLiveConnection();
  const { payoutSlaMinutes } = useAppConfig();
  return (
    <div className="min-h-dvh bg-canvas">
      <TopBar
        navLabel="Agent"
        title="Orders"
        actions={
          <>
            <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
            <TopBarLink
              to="/agent/dashboard"
              icon={<LayoutDashboard aria-hidden />}
              label="Dashboard"
            />
            {signOut}
          </>
        }
      >
        <TopBarRow className="flex items-center justify-between gap-2">
          <p className="text-sm text-white/80">
            Payouts are due {payoutSlaMinutes} min after the deposit is confirmed
          </p>
          <ConnectionIndicator state={connection} />
        </TopBarRow>
      </TopBar>
      <main className="mx-auto max-w-5xl sm:px-6 sm:py-6">
        <section
          aria-label="Orders"
          className="overflow-hidden bg-surface sm:rounded-3xl sm:shadow-card sm:ring-1 sm:ring-black/5"
        >
          <div className="border-b border-line p-3 sm:p-4">
            <StateFilter value={filter} onChange={setFilter} />
          </div>
          <OrdersList key={filter} filter={filter} />
        </section>
      </main>
    </div>
  );
}

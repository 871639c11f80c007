import type { ReactNode } from 'react';
import type { CustomerSummary } from '../../../../shared/api/customers';
import { initials } from '../../../../shared/names';
import { CustomerChats, useChatSession } from '../../../features/chat-sessions';
import { useCurrentUser } from '../../../features/auth';
import { EraseCustomerButton, StatusMenu, customerLabel } from '../../../features/customers';
import { CustomerOrders } from '../../../features/orders';
import { CustomerPayoutAccounts } from '../../../features/payout-accounts';
import { formatWhatsappNumber } from '../../../features/whatsapp';
import { formatDate } from '../../../lib/format';
import { cn } from '../../../lib/cn';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-line px-5 py-4">
      <h3 className="mb-1 text-xs font-semibold tracking-wider text-ink-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Identity({ customer }: { customer: CustomerSummary }) {
  const label = customerLabel(customer);
  return (
    <div className="px-5 pt-5 pb-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initials(customer)}
        </span>
        <h2 data-testid="panel-customer-name" className="min-w-0 text-lg font-bold break-words">
          {label}
        </h2>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Status</dt>
        <dd className="-ml-2">
          <StatusMenu customer={customer} trigger="badge" />
        </dd>
        <dt className="text-ink-muted">Email</dt>
        <dd data-testid="panel-customer-email" className="break-words">
          {customer.email ?? <span className="text-ink-muted">Not given</span>}
        </dd>
        <dt className="text-ink-muted">Joined</dt>
        <dd data-testid="panel-customer-joined">{formatDate(customer.createdAt)}</dd>
      </dl>
    </div>
  );
}

/**
 * The inbox's right pane: the open chat's customer (name, status to change, email, joined),
 * their other chats, their orders and payout accounts. `privateNotes` is where the agents'
 * private notes about the customer go, when given. Admins can erase the customer (decision 037).
 */
export function CustomerPanel({
  sessionId,
  privateNotes,
  className,
}: {
  sessionId: number;
  privateNotes?: ReactNode;
  className?: string;
}) {
  const session = useChatSession(sessionId);
  const customer = session.data?.customer;
  const isAdmin = useCurrentUser().data?.isAdmin === true;
  return (
    <aside aria-label="Customer" className={cn('bg-surface', className)}>
      {!customer ? (
        session.isError ? null : (
          <p role="status" className="px-5 py-6 text-sm text-ink-muted">
            Loading customer...
          </p>
        )
      ) : (
        <>
          <Identity customer={customer} />
          <Section title="Chats">
            <CustomerChats
              customerId={customer.id}
              customerName={customerLabel(customer)}
              openId={sessionId}
            />
          </Section>
          <Section title="Orders">
            <CustomerOrders customerId={customer.id} customerName={customerLabel(customer)} />
          </Section>
          <Section title="Payout accounts">
            <CustomerPayoutAccounts
              customerId={customer.id}
              customerName={customerLabel(customer)}
              whatsapp={Boolean(customer.whatsappNumber)}
            />
          </Section>
          {privateNotes && <Section title="Private notes">{privateNotes}</Section>}
          {isAdmin && (
            <Section title="Data rights">
              <p className="mb-3 text-sm text-ink-muted">
                A customer who asks to be forgotten and cannot do it from a web account (on
                WhatsApp) is erased here.
              </p>
              <EraseCustomerButton
                customer={customer}
                whatsappNumber={
                  customer.whatsappNumber ? formatWhatsappNumber(customer.whatsappNumber) : null
                }
              />
            </Section>
          )}
        </>
      )}
    </aside>
  );
}

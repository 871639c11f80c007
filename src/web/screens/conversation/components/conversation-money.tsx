import { ChevronDown, History, ReceiptText } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { displayName } from '../../../../shared/names';
import { cn } from '../../../lib/cn';
import type { Viewer } from '../../../features/messages';
import { OrderPanel, type SendOrderImage } from '../../../features/orders';
import { RateCalculator, useRates } from '../../../features/rates';
import { TransactionsPanel, useSessionTransactions } from '../../../features/transactions';

/**
 * Where the side column appears. A customer has their conversations list beside the chat from
 * `lg`, so their column waits for `xl`; an agent's chat has the whole width from `lg`.
 */
// By the conversation's own width (a container query), not the screen's: in the agents' inbox
// the conversation is one pane of three. Agents get the column from 1024 px, customers (whose
// conversations list takes 360 px of a wide screen) from 896 px. Below that the order sits
// above the messages, always shown, and only the transactions and the calculator fold away.
const LAYOUT: Record<Viewer, { row: string; toggle: string; column: string; more: string }> = {
  agent: {
    row: '@5xl:flex-row',
    toggle: '@5xl:hidden',
    column: '@5xl:order-last @5xl:max-h-none @5xl:w-[340px] @5xl:border-b-0 @5xl:border-l',
    more: '@5xl:order-none @5xl:flex',
  },
  customer: {
    row: '@4xl:flex-row',
    toggle: '@4xl:hidden',
    column: '@4xl:order-last @4xl:max-h-none @4xl:w-[340px] @4xl:border-b-0 @4xl:border-l',
    more: '@4xl:order-none @4xl:flex',
  },
};

const linkClasses =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/** On phones: opens and closes the chat's transactions and calculator, with their count. */
function MoneyToggle({
  sessionId,
  open,
  onToggle,
  controls,
  className,
}: {
  sessionId: number;
  open: boolean;
  onToggle: () => void;
  controls: string;
  className: string;
}) {
  const count = useSessionTransactions(sessionId).data?.length;
  return (
    <div className={cn('flex shrink-0 border-b border-line bg-surface px-2', className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={controls}
        onClick={onToggle}
        className="inline-flex min-h-11 flex-1 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <ReceiptText aria-hidden className="size-[18px]" />
        {count === undefined ? 'Transactions' : `Transactions (${count})`}
        <ChevronDown
          aria-hidden
          className={cn('ml-auto size-[18px] transition-transform', open && 'rotate-180')}
        />
      </button>
    </div>
  );
}

/** The customer's calculator at the rates of the query cache, which the live layer keeps current. */
function LiveRateCalculator(props: Omit<ComponentProps<typeof RateCalculator>, 'rates'>) {
  return <RateCalculator rates={useRates()} {...props} />;
}

/** What folds away on phones: the agent's links, the session's transactions, the calculator. */
function MoreMoney({ session, viewer }: { session: ChatSession; viewer: Viewer }) {
  const category = session.category;
  return (
    <>
      {viewer === 'agent' && (
        <nav aria-label="Customer actions" className="flex flex-wrap gap-x-2">
          <Link to={`/agent/transaction/${session.id}`} className={linkClasses}>
            <ReceiptText aria-hidden className="size-[18px]" />
            Process Transaction
          </Link>
          <Link
            to={`/agent/trading-history?customerId=${encodeURIComponent(session.customerId)}`}
            className={linkClasses}
          >
            <History aria-hidden className="size-[18px]" />
            Trading history
          </Link>
        </nav>
      )}
      <TransactionsPanel
        chatSessionId={session.id}
        viewer={viewer}
        customerId={session.customerId}
        customerName={displayName(session.customer)}
      />
      {viewer === 'customer' &&
        (category === 'bitcoin' || category === 'usdt' ? (
          <LiveRateCalculator currency={category} lockCurrency className="shadow-none" />
        ) : (
          <LiveRateCalculator className="shadow-none" />
        ))}
    </>
  );
}

/**
 * The chat's money beside its messages: its order (the Sell form, the live order card with
 * its countdown and the next action), the session's transactions as live cards (agents settle
 * refunds, charges and adjustments there), the agent's links to Process Transaction and the
 * customer's trading history, and the customer's rate calculator. On wide screens a column
 * beside the messages. On phones a section above the messages, scrolling on its own so the
 * message input stays on screen: the order always shown, the rest behind "Transactions (n)".
 */
export function ConversationMoney({
  session,
  viewer,
  sendImage,
  children,
}: {
  /** Undefined while it loads: the messages alone (same elements, so nothing remounts). */
  session: ChatSession | undefined;
  viewer: Viewer;
  /** Sends an order step's image into this chat. */
  sendImage: SendOrderImage;
  /** The messages and the input. */
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const layout = LAYOUT[viewer];
  return (
    <>
      {session && (
        <MoneyToggle
          sessionId={session.id}
          open={open}
          onToggle={() => setOpen((o) => !o)}
          controls={`${id}-more`}
          className={layout.toggle}
        />
      )}
      <div className={cn('flex min-h-0 flex-1 flex-col', layout.row)}>
        {session && (
          <div
            data-testid="conversation-money"
            className={cn(
              // Relative: what is positioned inside (a visually hidden file input) scrolls and
              // is clipped with it, instead of stretching the screen around it.
              'relative flex max-h-[45dvh] shrink-0 flex-col gap-4 overflow-y-auto overscroll-contain border-b border-line bg-surface p-3 sm:p-4',
              layout.column,
            )}
          >
            <OrderPanel
              chatSessionId={session.id}
              viewer={viewer}
              defaultCoin={session.category === 'usdt' ? 'usdt' : 'bitcoin'}
              sendImage={sendImage}
            />
            {/* On phones what the toggle opens comes first, under the toggle. */}
            <div
              id={`${id}-more`}
              data-testid="conversation-more"
              className={cn('order-first flex-col gap-4', open ? 'flex' : 'hidden', layout.more)}
            >
              <MoreMoney session={session} viewer={viewer} />
            </div>
          </div>
        )}
        <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">{children}</div>
      </div>
    </>
  );
}

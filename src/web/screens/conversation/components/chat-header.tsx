import { ArrowLeft, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { initials } from '../../../../shared/names';
import { cn } from '../../../lib/cn';
import { DeskStatusLine } from '../../../features/availability';
import { isDesk } from '../../../components/session-badges';
import { CustomerStatusBadge } from '../../../components/customer-status-badge';
import {
  otherPartyName,
  CategoryBadge,
  categoryDetails,
  CoinAvatar,
  InitialsAvatar,
  type Viewer,
} from '../../../features/messages';
import { WhatsappBadge } from '../../../features/whatsapp';

function BackLink({ viewer, wide }: { viewer: Viewer; wide: boolean }) {
  return (
    <Link
      to={viewer === 'customer' ? '/chat' : '/agent/chats'}
      aria-label={viewer === 'customer' ? 'Back to chat options' : 'Back to chats'}
      className={cn(
        '-ml-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white/90 hover:bg-white/10 hover:text-white',
        !wide && 'lg:hidden',
      )}
    >
      <ArrowLeft aria-hidden className="size-5" />
    </Link>
  );
}

/**
 * The conversation's header. A customer sees the agent and their specialty ("Bitcoin
 * Specialist" / "USDT Expert"); an agent sees the customer and their status.
 */
export function ChatHeader({
  session,
  viewer,
  notFound = false,
  backOnWideScreens = true,
}: {
  session: ChatSession | undefined;
  viewer: Viewer;
  /** No such chat: nothing is coming, so no placeholders; the page below says why. */
  notFound?: boolean;
  /** False in the agents' inbox, where the chat list is beside the chat on wide screens. */
  backOnWideScreens?: boolean;
}) {
  const details = session ? categoryDetails(session.category) : null;
  return (
    <header className="on-dark flex h-16 shrink-0 items-center gap-3 bg-brand-950 px-3 text-white sm:px-4">
      <BackLink viewer={viewer} wide={backOnWideScreens} />
      {notFound ? null : !session || !details ? (
        <div aria-hidden className="flex flex-1 items-center gap-3">
          <span className="size-11 animate-pulse rounded-full bg-white/10" />
          <span className="h-4 w-36 animate-pulse rounded bg-white/10" />
        </div>
      ) : (
        <>
          {viewer === 'customer' ? (
            <CoinAvatar symbol={details.symbol} />
          ) : (
            <InitialsAvatar initials={initials(session.customer)} />
          )}
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base leading-tight font-semibold" data-testid="chat-title">
              {otherPartyName(session, viewer)}
            </h1>
            <p className="mt-0.5 flex min-w-0 items-center gap-2 text-[13px] text-brand-100/85">
              {viewer === 'customer' ? (
                <DeskStatusLine
                  desk={isDesk(session.category) ? session.category : null}
                  fallback={details.specialty}
                />
              ) : (
                <>
                  <CustomerStatusBadge status={session.customer.customerStatus} />
                  {session.customer.whatsappNumber && (
                    <WhatsappBadge number={session.customer.whatsappNumber} tone="dark" />
                  )}
                  {session.customer.email && (
                    <span className="hidden truncate sm:inline">{session.customer.email}</span>
                  )}
                </>
              )}
            </p>
          </div>
          <CategoryBadge
            category={session.category}
            tone="dark"
            // On a phone the customer's header needs the room for the desk's name and the
            // history link; the coin and the specialty already say which desk it is.
            className={viewer === 'customer' ? 'max-sm:hidden' : undefined}
          />
          {viewer === 'customer' && (
            <Link
              to="/trading-history"
              aria-label="Trading History"
              title="Trading History"
              className="-mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white/90 hover:bg-white/10 hover:text-white"
            >
              <ReceiptText aria-hidden className="size-5" />
            </Link>
          )}
        </>
      )}
    </header>
  );
}

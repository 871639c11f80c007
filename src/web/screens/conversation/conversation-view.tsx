import { Lock, MessageCircleMore, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { Message, Receipts } from '../../../shared/api/messages';
import type { WhatsappDelivery } from '../../../shared/api/whatsapp';
import { buttonClasses } from '../../components/ui/button';
import { ConversationAlerts } from '../../features/agent-alerts';
import { useCurrentUser } from '../../features/auth';
import { fillVariables, useCannedReplies, useVariableValues } from '../../features/canned-replies';
import { ConversationActions, isLockedFor, useChatSession } from '../../features/chat-sessions';
import {
  categoryDetails,
  ConnectionBanner,
  MessageList,
  otherPartyName,
  RestrictedNote,
  useLiveConversation,
  useMessages,
  useOutbox,
  useReceiptReporting,
  useSendImage,
  useSender,
  useTyping,
  type ChatItem,
  type OutgoingMessage,
  type Viewer,
} from '../../features/messages';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import {
  useRetryWhatsappMessage,
  useWhatsappChat,
  WhatsappWindowNote,
  windowLeft,
} from '../../features/whatsapp';
import { handleUnauthorized } from '../../lib/unauthorized';
import { ChatHeader } from './components/chat-header';
import { Composer } from './components/composer';
import { ConversationMoney } from './components/conversation-money';

/** Where the viewer's own message stands with the other side: ✓, ✓✓ or read (at a time). */
function receiptOf(
  m: Message,
  receipts: Receipts | undefined,
  viewer: Viewer,
): Pick<ChatItem, 'state' | 'readAt'> {
  const other = receipts?.[viewer === 'agent' ? 'customer' : 'staff'];
  if (other && other.readId >= m.id && other.readAt) return { state: 'read', readAt: other.readAt };
  if (other && other.deliveredId >= m.id) return { state: 'delivered' };
  return { state: 'sent' };
}

/**
 * A staff message in a WhatsApp chat: its tick is WhatsApp's (sending until the Graph API
 * answers), and a refusal shows Meta's title with a Retry.
 */
function whatsappState(
  delivery: WhatsappDelivery,
  onRetry: (messageId: number) => void,
): Pick<ChatItem, 'state' | 'whatsappFailure'> {
  return {
    state: delivery.tick,
    ...(delivery.tick === 'failed'
      ? {
          whatsappFailure: {
            title: delivery.errorTitle ?? 'Not delivered',
            onRetry: () => onRetry(delivery.messageId),
          },
        }
      : {}),
  };
}

function toItems(
  messages: readonly Message[],
  pending: readonly OutgoingMessage[],
  viewer: Viewer,
  receipts: Receipts | undefined,
  whatsapp?: { deliveries: ReadonlyMap<number, WhatsappDelivery>; onRetry: (id: number) => void },
): ChatItem[] {
  const stored = new Set(messages.map((m) => m.clientMessageId));
  // Keyed by the client's id: a confirmed bubble stays the same element (no flash).
  return [
    ...messages.map((m): ChatItem => ({
      key: m.clientMessageId,
      clientMessageId: m.clientMessageId,
      own: m.senderRole === viewer,
      kind: m.messageType,
      content: m.content,
      imageUrl: m.messageType === 'image' ? (m.attachment?.thumbnailUrl ?? null) : null,
      fullImageUrl: m.messageType === 'image' ? (m.attachment?.url ?? null) : null,
      ...(m.attachment && (m.messageType === 'document' || m.messageType === 'audio')
        ? { file: { url: m.attachment.url, name: m.attachment.name, size: m.attachment.size } }
        : {}),
      createdAt: m.createdAt,
      // Private notes go to no one on the other side: no ticks.
      ...(m.senderRole === viewer && m.messageType !== 'note'
        ? whatsapp?.deliveries.has(m.id)
          ? whatsappState(whatsapp.deliveries.get(m.id)!, whatsapp.onRetry)
          : receiptOf(m, receipts, viewer)
        : { state: null }),
      problem: null,
      ...(m.imageSeenBefore ? { seenBefore: m.imageSeenBefore } : {}),
    })),
    ...pending
      .filter((p) => !stored.has(p.clientMessageId))
      .map((p): ChatItem => ({
        key: p.clientMessageId,
        clientMessageId: p.clientMessageId,
        own: true,
        kind: p.kind,
        content: p.content,
        imageUrl: p.previewUrl ?? null,
        fullImageUrl: p.previewUrl ?? null,
        createdAt: p.createdAt,
        state: p.status,
        problem: p.failure === 'rejected' ? (p.reason ?? null) : null,
      })),
  ];
}

/** Lets a burst settle (a reconnect's replay, a reply that also assigns the agent). */
const ANNOUNCE_DELAY_MS = 250;

/** The other side's newest message, for the screen reader's live region. */
function useLatestIncoming(viewer: Viewer) {
  const [latest, setLatest] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const newest = useRef<Message | null>(null);
  const onIncoming = useCallback(
    (added: Message[]) => {
      for (const m of added) {
        if (m.senderRole !== viewer && m.id > (newest.current?.id ?? 0)) newest.current = m;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLatest(newest.current), ANNOUNCE_DELAY_MS);
    },
    [viewer],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [latest, onIncoming] as const;
}

/** What a message with no text is, for the screen reader. */
const KIND_WORDS: Record<Message['messageType'], string> = {
  text: '',
  note: '',
  image: 'a screenshot',
  document: 'a document',
  audio: 'an audio message',
};

function announcementFor(message: Message, session: ChatSession, viewer: Viewer): string {
  const what = message.content || KIND_WORDS[message.messageType];
  return `New message from ${otherPartyName(session, viewer)}: ${what}`;
}

function Welcome({ session, viewer }: { session: ChatSession; viewer: Viewer }) {
  if (viewer === 'agent') {
    return (
      <p className="mx-auto my-auto rounded-xl bg-surface/90 px-4 py-3 text-center text-sm text-ink-muted shadow-sm">
        No messages yet. Start the conversation!
      </p>
    );
  }
  const details = categoryDetails(session.category);
  return (
    <div
      data-testid="welcome"
      className="mx-auto my-auto w-full max-w-sm rounded-2xl bg-surface/95 p-5 text-center shadow-sm ring-1 ring-black/5"
    >
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <MessageCircleMore aria-hidden className="size-6" />
      </span>
      <h2 className="mt-3 text-lg font-semibold text-ink">Welcome to {details.title}</h2>
      <p className="mt-1.5 text-sm leading-relaxed text-ink-muted">
        {session.agent ? otherPartyName(session, viewer) : `Our ${details.desk}`} will help you sell
        your {details.asset} for naira. Say hello and tell us how much you want to sell. You can
        share wallet and payment screenshots here too.
      </p>
    </div>
  );
}

function NotFound({ viewer }: { viewer: Viewer }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center bg-canvas px-6 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <SearchX aria-hidden className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-ink">Chat not found</h2>
      <p className="mt-2 max-w-xs text-ink-muted">
        This conversation does not exist, or it is not yours to open.
      </p>
      <Link
        to={viewer === 'customer' ? '/chat' : '/agent/chats'}
        className={buttonClasses({ className: 'mt-6' })}
      >
        {viewer === 'customer' ? 'Back to chat options' : 'Back to chats'}
      </Link>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center bg-canvas px-6 text-center"
    >
      <h2 className="text-xl font-bold text-ink">Failed to fetch messages</h2>
      <p className="mt-2 text-ink-muted">Check your connection and try again.</p>
      <button type="button" onClick={onRetry} className={buttonClasses({ className: 'mt-6' })}>
        Try again
      </button>
    </div>
  );
}

function ClosedNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex shrink-0 items-center justify-center gap-2 border-t border-line bg-surface px-4 py-4 text-sm text-ink-muted">
      <Lock aria-hidden className="size-4" />
      {children}
    </p>
  );
}

/**
 * One conversation, for its customer or for an agent (`/chat/:id` either way): the header,
 * the bubbles, and the input. Messages arrive live; the viewer's own show sending, sent or
 * failed with a retry.
 */
export function ConversationView({
  sessionId,
  viewer,
  className,
  inInbox = false,
}: {
  sessionId: number;
  viewer: Viewer;
  className?: string;
  /**
   * Shown in the agents' inbox beside the chat list: on wide screens the list is there, so the
   * header's back link is only for phones.
   */
  inInbox?: boolean;
}) {
  const session = useChatSession(sessionId);
  const messages = useMessages(sessionId);
  const pending = useOutbox(sessionId);
  const { send, retry, discard, retryNetworkFailures } = useSender(sessionId);
  const sendImage = useSendImage(sessionId);
  const user = useCurrentUser().data;
  const [latestIncoming, announceIncoming] = useLatestIncoming(viewer);
  const typing = useTyping(sessionId, viewer);
  const { clear: clearTyping } = typing;
  const onIncoming = useCallback(
    (added: Message[]) => {
      // Their message is here: they have stopped typing it.
      if (added.some((m) => m.senderRole !== viewer && m.messageType !== 'note')) clearTyping();
      announceIncoming(added);
    },
    [announceIncoming, clearTyping, viewer],
  );
  const connection = useLiveConversation(
    sessionId,
    messages.data,
    onIncoming,
    retryNetworkFailures,
  );

  const error = session.error ?? messages.error;
  useEffect(() => {
    handleUnauthorized(error);
  }, [error]);

  const receipts = useReceiptReporting(sessionId, viewer, messages.data);
  const canned = useCannedReplies(viewer === 'agent');
  const values = useVariableValues(sessionId, session.data, viewer === 'agent');
  const fill = useCallback((content: string) => fillVariables(content, values), [values]);
  const whatsappNumber = session.data?.customer.whatsappNumber ?? null;
  const whatsapp = useWhatsappChat(sessionId, viewer === 'agent' && whatsappNumber !== null);
  // Kept in the cache after the chat stops being a WhatsApp one (its customer erased): not shown.
  const whatsappChat = whatsappNumber !== null ? whatsapp.data : undefined;
  const { mutate: retryWhatsapp } = useRetryWhatsappMessage(sessionId);
  const whatsappItems = useMemo(
    () =>
      whatsappChat && {
        deliveries: new Map(whatsappChat.deliveries.map((d) => [d.messageId, d])),
        onRetry: (id: number) => retryWhatsapp(id),
      },
    [whatsappChat, retryWhatsapp],
  );
  const items = useMemo(
    () => toItems(messages.data ?? [], pending, viewer, receipts, whatsappItems || undefined),
    [messages.data, pending, viewer, receipts, whatsappItems],
  );
  // As of the WhatsApp chat's last read (every few seconds): minutes are precise enough.
  const now = new Date(whatsapp.dataUpdatedAt);
  const whatsappClosed = whatsappChat !== undefined && !windowLeft(whatsappChat.windowEndsAt, now);

  // A malformed id (400) is as much "no such chat" as an unknown one (404).
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const restricted = viewer === 'customer' && user?.customerStatus === 'banned';

  return (
    <section
      aria-label="Conversation"
      // A container: the money column follows the conversation's width (conversation-money.tsx).
      className={cn('@container flex h-full min-h-0 flex-col bg-canvas', className)}
    >
      {viewer === 'agent' && (
        <ConversationAlerts
          sessionId={sessionId}
          title={session.data ? otherPartyName(session.data, viewer) : 'Chat'}
        />
      )}
      <ChatHeader
        session={session.data}
        viewer={viewer}
        notFound={notFound}
        backOnWideScreens={!inInbox}
      />
      {viewer === 'agent' && session.data && user && (
        <ConversationActions session={session.data} viewer={user} />
      )}
      <ConnectionBanner state={connection} />
      {notFound ? (
        <NotFound viewer={viewer} />
      ) : error && !session.data ? (
        <LoadFailed onRetry={() => void session.refetch().then(() => messages.refetch())} />
      ) : messages.isError ? (
        <LoadFailed onRetry={() => void messages.refetch()} />
      ) : (
        <ConversationMoney session={session.data} viewer={viewer} sendImage={sendImage}>
          <MessageList
            items={items}
            loading={!messages.data || !session.data}
            empty={session.data && <Welcome session={session.data} viewer={viewer} />}
            onRetry={(id) => void retry(id)}
            onDiscard={discard}
          />
          {typing.typing && session.data && (
            <p
              data-testid="typing"
              aria-live="polite"
              className="shrink-0 bg-canvas px-4 pb-1 text-xs font-medium text-ink-muted italic"
            >
              {otherPartyName(session.data, viewer)} is typing…
            </p>
          )}
          {viewer === 'agent' && session.data?.status === 'closed' ? (
            <ClosedNote>This conversation is resolved. Reopen it to reply.</ClosedNote>
          ) : viewer === 'agent' && session.data && user && isLockedFor(session.data, user.id) ? (
            <ClosedNote>Read-only: this chat is assigned to another agent.</ClosedNote>
          ) : restricted ? (
            <ClosedNote>
              <RestrictedNote />
            </ClosedNote>
          ) : whatsappChat && whatsappClosed ? (
            <WhatsappWindowNote chatSessionId={sessionId} chat={whatsappChat} now={now} />
          ) : (
            <>
              {whatsappChat && (
                <WhatsappWindowNote chatSessionId={sessionId} chat={whatsappChat} now={now} />
              )}
              <Composer
                onSendText={(content) => send({ kind: 'text', content })}
                onSendImage={(file, caption) => void send({ kind: 'image', file, caption })}
                onType={typing.onType}
                {...(viewer === 'agent' ? { cannedReplies: { replies: canned.data, fill } } : {})}
                {...(viewer === 'agent'
                  ? { onSendNote: (content: string) => send({ kind: 'note', content }) }
                  : {})}
              />
            </>
          )}
        </ConversationMoney>
      )}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
        {latestIncoming && session.data && announcementFor(latestIncoming, session.data, viewer)}
      </p>
    </section>
  );
}

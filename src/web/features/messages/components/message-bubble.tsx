import {
  Check,
  CheckCheck,
  CircleAlert,
  Clock,
  Download,
  FileText,
  Lock,
  Mic,
  RotateCw,
  Trash2,
  X,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatMessageTime } from '../chat-date';
import { linkify } from '../linkify';
import type { ImageSeenBefore } from '../../../../shared/api/messages';
import { ImageSeenBeforeNote } from './image-seen-before-note';
import { ImageThumbnail } from './image-viewer';

/** A small action under a message that was not sent: Retry, Discard, or Remove when refused. */
function FailedAction({
  icon: Icon,
  label,
  tone,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  tone: 'brand' | 'muted';
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex min-h-8 items-center gap-1 rounded-full px-2.5 font-semibold',
        tone === 'brand'
          ? 'text-brand-800 ring-1 ring-brand-700/30 hover:bg-brand-50'
          : 'text-ink-muted ring-1 ring-line hover:bg-canvas',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {label}
    </button>
  );
}

/** sent ✓ (stored), delivered ✓✓ (the other side's client has it), read (shown to them). */
export type DeliveryState = 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

/** One bubble's worth of a message, stored or still on its way. */
export interface ChatItem {
  /** Stable from the optimistic bubble to the stored message. */
  key: string;
  clientMessageId: string;
  own: boolean;
  /**
   * note: an agent's private note, shown to staff alone (amber, "Private note", a lock).
   * document (a PDF) and audio: what a WhatsApp customer sent, in `file`.
   */
  kind: 'text' | 'image' | 'note' | 'document' | 'audio';
  content: string;
  /** The image to show: the attachment's thumbnail, or the local preview while uploading. */
  imageUrl: string | null;
  /** The image shown when it is opened: the full one. */
  fullImageUrl: string | null;
  /** A document's or an audio's file: a download link, or a player. */
  file?: { url: string; name: string; size: number };
  createdAt: string;
  /** The viewer's own messages only. */
  state: DeliveryState | null;
  /** When the other side read it (state 'read'). */
  readAt?: string;
  /** Why the server refused this message for good; a failure with none may be retried. */
  problem: string | null;
  /** Agents only: the image was sent before, elsewhere (the server tells staff alone). */
  seenBefore?: ImageSeenBefore;
  /** Staff only: WhatsApp refused the stored message (Meta's error title), with a Retry. */
  whatsappFailure?: { title: string; onRetry: () => void };
}

/** For screen readers; a failed message says "Not sent" under its bubble for everyone. */
const STATE_LABELS: Record<DeliveryState, string | null> = {
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: null,
};

const ICONS: Record<DeliveryState, LucideIcon> = {
  sending: Clock,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
  failed: CircleAlert,
};

function DeliveryIcon({ state, readAt }: { state: DeliveryState; readAt?: string }) {
  const Icon = ICONS[state];
  const label =
    state === 'read' && readAt ? `Read ${formatMessageTime(readAt)}` : STATE_LABELS[state];
  return (
    <span
      data-testid="ticks"
      data-receipt={state}
      title={label ?? undefined}
      className="pointer-events-auto inline-flex"
    >
      <Icon
        aria-hidden
        className={cn(
          'size-3.5',
          state === 'failed' && 'text-down',
          state === 'read' && 'text-sky-600',
        )}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

function Meta({ item, onImage }: { item: ChatItem; onImage?: boolean }) {
  return (
    <span
      className={cn(
        'pointer-events-none absolute right-2 bottom-1 flex items-center gap-1 text-[11px] leading-none tabular-nums',
        onImage
          ? 'rounded-full bg-black/45 px-1.5 py-1 text-white'
          : item.own
            ? 'text-brand-800'
            : 'text-ink-muted',
      )}
    >
      <time dateTime={item.createdAt}>{formatMessageTime(item.createdAt)}</time>
      {item.state && (
        <DeliveryIcon state={item.state} {...(item.readAt ? { readAt: item.readAt } : {})} />
      )}
    </span>
  );
}

/** A file's size as people read it: "820 B", "48.8 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A PDF the customer sent: its name and size, downloaded when clicked. */
function DocumentLink({ file, own }: { file: NonNullable<ChatItem['file']>; own: boolean }) {
  return (
    <a
      href={file.url}
      download={file.name}
      data-testid="message-document"
      className={cn(
        'flex min-w-56 items-center gap-3 rounded-xl px-3 py-2.5 ring-1 ring-inset',
        own ? 'bg-brand-50 ring-brand-700/20' : 'bg-canvas ring-line',
        'hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700',
      )}
    >
      <FileText aria-hidden className="size-8 shrink-0 text-down" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-ink">{file.name}</span>
        <span className="block text-xs text-ink-muted">PDF · {formatFileSize(file.size)}</span>
      </span>
      <Download aria-hidden className="size-4 shrink-0 text-ink-muted" />
      <span className="sr-only">Download</span>
    </a>
  );
}

/** A voice note or an audio file the customer sent, played here. */
function AudioPlayer({ file }: { file: NonNullable<ChatItem['file']> }) {
  return (
    <div className="flex min-w-64 flex-col gap-1 px-1 pt-1">
      <span className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
        <Mic aria-hidden className="size-3.5" />
        Audio · {formatFileSize(file.size)}
      </span>
      <audio
        data-testid="message-audio"
        controls
        preload="metadata"
        src={file.url}
        aria-label={`Audio message, ${formatFileSize(file.size)}`}
        className="h-10 w-full"
      />
    </div>
  );
}

/** The text with its web links clickable; every part a text node, never HTML. */
function MessageText({ content, own }: { content: string; own: boolean }) {
  return linkify(content).map((part, i) =>
    part.kind === 'link' ? (
      <a
        key={i}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(
          'font-medium break-all underline underline-offset-2',
          own ? 'text-brand-900' : 'text-brand-700',
        )}
      >
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}

/**
 * A message bubble: the viewer's own on the right, the other side's on the left. Text is
 * rendered as text, never as HTML. A failed message offers a retry, unless the server refused
 * it for good: then it says why, and can be removed.
 */
export function MessageBubble({
  item,
  grouped,
  onRetry,
  onDiscard,
}: {
  item: ChatItem;
  /** Follows a message from the same side: tighter, no tail. */
  grouped: boolean;
  onRetry?: (clientMessageId: string) => void;
  /** Gives up on a message that was not sent (a text is kept, across reloads, until then). */
  onDiscard?: (clientMessageId: string) => void;
}) {
  const imageOnly = item.kind === 'image' && !item.content;
  const note = item.kind === 'note';
  return (
    <li
      data-testid="message"
      data-kind={item.kind}
      // Stored is "sent" whatever the other side has done since (the ticks say that).
      data-state={
        item.state === 'delivered' || item.state === 'read' ? 'sent' : (item.state ?? undefined)
      }
      data-side={item.own ? 'own' : 'other'}
      className={cn(
        'flex flex-col',
        item.own ? 'items-end' : 'items-start',
        grouped ? 'mt-1' : 'mt-3',
      )}
    >
      <div
        className={cn(
          'relative max-w-[85%] rounded-2xl shadow-[0_1px_1px_rgb(6_37_31/0.12)] sm:max-w-[70%]',
          note
            ? 'bg-amber-100 text-ink ring-1 ring-amber-300'
            : item.own
              ? 'bg-brand-100 text-ink'
              : 'bg-surface text-ink',
          !grouped && (item.own ? 'rounded-tr-md' : 'rounded-tl-md'),
          item.kind === 'image' ? 'p-1' : item.file ? 'px-2 pt-2 pb-6' : 'px-3 pt-1.5 pb-2',
          item.state === 'failed' && 'ring-1 ring-down/40',
        )}
      >
        {note && (
          <p className="flex items-center gap-1 text-[11px] font-semibold tracking-wide text-amber-800 uppercase">
            <Lock aria-hidden className="size-3" />
            Private note
          </p>
        )}
        {item.kind === 'image' && item.imageUrl && (
          <ImageThumbnail
            url={item.imageUrl}
            fullUrl={item.fullImageUrl ?? item.imageUrl}
            uploading={item.state === 'sending'}
          />
        )}
        {item.kind === 'document' && item.file && <DocumentLink file={item.file} own={item.own} />}
        {item.kind === 'audio' && item.file && <AudioPlayer file={item.file} />}
        {item.content && (
          <p
            data-testid="message-text"
            className={cn(
              'text-[15px] leading-snug break-words whitespace-pre-wrap',
              item.kind === 'image' && 'px-2 pt-1 pb-1.5',
              item.file && 'px-1 pt-1.5',
            )}
          >
            <MessageText content={item.content} own={item.own} />
            {/* Room on the last line for the time, as messaging apps do. */}
            <span aria-hidden className={cn('inline-block', item.state ? 'w-[4.25rem]' : 'w-11')} />
          </p>
        )}
        <Meta item={item} onImage={imageOnly} />
      </div>
      {item.seenBefore && (
        <ImageSeenBeforeNote
          seen={item.seenBefore}
          image={
            item.imageUrl && item.fullImageUrl
              ? { thumbnail: item.imageUrl, full: item.fullImageUrl }
              : null
          }
        />
      )}
      {item.whatsappFailure && (
        <p
          data-testid="whatsapp-failure"
          className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 gap-y-1 text-right text-xs font-medium text-down sm:max-w-[70%]"
        >
          <span>Not delivered on WhatsApp: {item.whatsappFailure.title}</span>
          <FailedAction
            icon={RotateCw}
            label="Retry"
            tone="brand"
            onClick={item.whatsappFailure.onRetry}
          />
        </p>
      )}
      {item.state === 'failed' &&
        !item.whatsappFailure &&
        (item.problem ? (
          <p className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 gap-y-1 text-right text-xs font-medium text-down sm:max-w-[70%]">
            <span>Not sent: {item.problem}</span>
            {onDiscard && (
              <FailedAction
                icon={Trash2}
                label="Remove"
                tone="muted"
                onClick={() => onDiscard(item.clientMessageId)}
              />
            )}
          </p>
        ) : (
          <p className="mt-1 flex items-center gap-2 text-xs font-medium text-down">
            Not sent
            {onRetry && (
              <FailedAction
                icon={RotateCw}
                label="Retry"
                tone="brand"
                onClick={() => onRetry(item.clientMessageId)}
              />
            )}
            {onDiscard && (
              <FailedAction
                icon={X}
                label="Discard"
                tone="muted"
                onClick={() => onDiscard(item.clientMessageId)}
              />
            )}
          </p>
        ))}
    </li>
  );
}

import type { DeskStatus } from '../../../../shared/api/availability';
import type { RateCurrency } from '../../../../shared/domain';
import { useDeskStatus } from '../api/desk-status';

const DESK_NAMES: Record<RateCurrency, string> = { bitcoin: 'Bitcoin desk', usdt: 'USDT desk' };

/** "Bitcoin desk online · typically replies in 3 min"; "—" when there is no reply to measure. */
export function deskStatusText(status: DeskStatus): string {
  const reply = status.typicalReplyMinutes === null ? '—' : `${status.typicalReplyMinutes} min`;
  return `${DESK_NAMES[status.desk]} ${status.online ? 'online' : 'offline'} · typically replies in ${reply}`;
}

/** The phone's shorter line: "Online · replies in 3 min". */
export function shortDeskStatusText(status: DeskStatus): string {
  const reply = status.typicalReplyMinutes === null ? '—' : `${status.typicalReplyMinutes} min`;
  return `${status.online ? 'Online' : 'Offline'} · replies in ${reply}`;
}

/**
 * The customer's header line for a coin desk: whether a real agent of it is Online and its
 * typical reply time. `fallback` shows while it loads, for chats of no coin desk, or on error.
 */
export function DeskStatusLine({
  desk,
  fallback,
}: {
  desk: RateCurrency | null;
  fallback: string;
}) {
  const status = useDeskStatus(desk);
  if (!status.data) return <span className="truncate">{fallback}</span>;
  return (
    <span className="flex min-w-0 items-center gap-1.5" data-testid="desk-status">
      <span
        aria-hidden
        className={
          status.data.online
            ? 'size-2 shrink-0 rounded-full bg-emerald-400'
            : 'size-2 shrink-0 rounded-full bg-white/40'
        }
      />
      <span className="truncate max-sm:hidden">{deskStatusText(status.data)}</span>
      {/* A phone's header has room for less: the coin avatar already names the desk. */}
      <span className="truncate sm:hidden">{shortDeskStatusText(status.data)}</span>
    </span>
  );
}

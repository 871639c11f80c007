import type { OrderEvent } from '../../../../shared/api/orders';
import { formatDateTime } from '../../../lib/format';
import { ORDER_STATE_DISPLAY } from '../lib/states';

const ACTORS: Record<OrderEvent['actor'], string> = {
  customer: 'Customer',
  agent: 'Agent',
  admin: 'Admin',
  system: 'Automatic',
};

/** Each state the order went through, with when and who moved it. */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  return (
    <ol aria-label="Order timeline" className="flex flex-col gap-2 border-l-2 border-line pl-4">
      {events.map((event, i) => (
        <li key={`${event.state}-${i}`} className="relative text-sm" data-testid="timeline-step">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-brand-600 ring-2 ring-surface"
          />
          <span className="font-semibold text-ink">{ORDER_STATE_DISPLAY[event.state].label}</span>
          <span className="text-ink-muted">
            {' · '}
            {ACTORS[event.actor]} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </span>
          {event.note && <p className="text-ink-muted break-words">“{event.note}”</p>}
        </li>
      ))}
    </ol>
  );
}

import type { Price } from '../../../../shared/api/prices';
import { formatDateTime } from '../../../lib/format';

/** When the server could not refresh prices lately: when they were last good. */
export default function StaleNote({ prices }: { prices: readonly Price[] }) {
  const stale = prices.filter((p) => p.stale);
  if (stale.length === 0) return null;
  const oldest = stale.map((p) => p.updatedAt).sort()[0]!;
  return (
    <p data-testid="prices-last-updated" className="mt-3 text-center text-xs text-ink-muted">
      Last updated {formatDateTime(oldest)}
    </p>
  );
}

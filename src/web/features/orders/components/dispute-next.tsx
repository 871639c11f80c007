import type { Order } from '../../../../shared/api/orders';
import { useAppConfig } from '../../../lib/app-config';
import { formatDateTime } from '../../../lib/format';

const HOUR_MS = 3_600_000;

/**
 * The customer's disputed order: what happens next (an admin checks the payout with the bank,
 * then completes the order or sends the coins back) and by when (DISPUTE_RESPONSE_HOURS after
 * the dispute was opened).
 */
export function DisputeNext({ order }: { order: Order }) {
  const { disputeResponseHours } = useAppConfig();
  const opened = order.timeline.findLast((e) => e.state === 'disputed');
  if (!opened) return null;
  const by = new Date(Date.parse(opened.at) + disputeResponseHours * HOUR_MS);
  return (
    <p data-testid="dispute-next" className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink">
      An admin is checking the payout with the bank. You will hear from them in this chat by{' '}
      <time dateTime={by.toISOString()} className="font-semibold whitespace-nowrap">
        {formatDateTime(by)}
      </time>
      : either the payout is confirmed and the order completed, or your coins are sent back.
    </p>
  );
}

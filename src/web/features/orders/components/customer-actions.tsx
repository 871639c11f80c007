import { useState } from 'react';
import type { z } from 'zod';
import { disputeRequestSchema, type Order } from '../../../../shared/api/orders';
import { Button } from '../../../components/ui/button';
import { formatNaira } from '../../../lib/format';
import { useConfirmReceived } from '../api/confirm-received';
import { useDisputeOrder } from '../api/dispute-order';
import { usePickedImage } from '../lib/use-picked-image';
import { AcceptQuoteAction } from './accept-quote-action';
import { ButtonAction } from './button-action';
import { CancelOrderAction } from './cancel-order-action';
import { AddScreenshotAction, DepositAction } from './deposit-action';
import { RequotedCustomer } from './deposit-difference';
import { DisputeNext } from './dispute-next';
import { FieldAction } from './field-action';
import { PayoutDeadline } from './payout-deadline';

/** The first problem a schema finds with a value, in its own words. */
function problemOf(schema: z.ZodType, value: unknown): string | null {
  return schema.safeParse(value).error?.issues[0]?.message ?? null;
}

function ReceivedOrNot({ order }: { order: Order }) {
  const received = useConfirmReceived();
  const dispute = useDisputeOrder();
  const [disputing, setDisputing] = useState(false);
  if (disputing) {
    return (
      <div className="flex flex-col gap-2">
        <FieldAction
          label="What went wrong?"
          placeholder="For example: nothing has arrived in my account yet"
          submitLabel="Report a problem"
          variant="danger"
          multiline
          validate={(note) => problemOf(disputeRequestSchema, { note })}
          run={(note, idempotencyKey) =>
            dispute.mutateAsync({ id: order.id, idempotencyKey, note })
          }
          failed="Could not report the problem. Try again."
        />
        <Button variant="ghost" onClick={() => setDisputing(false)}>
          Back
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink">
        Check your bank account for {formatNaira(order.totalNaira)}.
      </p>
      <ButtonAction
        label="I've received it"
        run={(idempotencyKey) => received.mutateAsync({ id: order.id, idempotencyKey })}
        confirm={{
          title: 'Have you received the money?',
          description: 'This completes the order. Confirm only once the naira is in your account.',
          facts: [
            { label: 'Order', value: order.reference },
            { label: 'Amount', value: formatNaira(order.totalNaira) },
          ],
          confirmLabel: "Yes, I've received it",
        }}
        failed="Could not confirm. Try again."
      />
      <Button variant="danger" onClick={() => setDisputing(true)}>
        I haven't received it
      </Button>
    </div>
  );
}

/** What the customer can do next, by the order's state. */
export function CustomerActions({ order }: { order: Order }) {
  // Kept here, not in the deposit form: the form goes when the watcher attaches the transaction
  // first, and the screenshot the customer picked must not go with it.
  const screenshot = usePickedImage();
  return (
    <div className="flex flex-col gap-3" data-testid="order-actions">
      {order.state === 'quoted' && <AcceptQuoteAction order={order} />}
      {order.state === 'awaiting_deposit' && (
        <DepositAction order={order} screenshot={screenshot} />
      )}
      {order.state === 'deposit_seen' && order.txHash && !order.depositScreenshot && (
        <AddScreenshotAction order={order} screenshot={screenshot} />
      )}
      {order.state === 'requoted' && <RequotedCustomer order={order} />}
      {order.state === 'deposit_returning' && (
        <p className="text-sm text-ink">
          The desk is sending your coins back. The return’s transaction will show here.
        </p>
      )}
      {order.state === 'deposit_confirmed' && <PayoutDeadline order={order} />}
      {order.state === 'payout_sent' && <ReceivedOrNot order={order} />}
      {order.state === 'disputed' && <DisputeNext order={order} />}
      <CancelOrderAction
        order={order}
        variant="ghost"
        consequence="The locked rate is released. Do not send coins to this order after."
      />
    </div>
  );
}

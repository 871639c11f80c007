import { payoutRequestSchema, type Order } from '../../../../shared/api/orders';
import { HAND_CONFIRM_REASON_MIN } from '../../../../shared/orders/chain-reading';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { ApiError } from '../../../lib/api-client';
import { formatNaira } from '../../../lib/format';
import { useSendOrderImage } from '../lib/order-image';
import { useRecordPayout } from '../api/record-payout';
import { FieldAction } from './field-action';

export const PROOF_MISSING = 'Choose the image of the transfer';

/**
 * The agent records the payout: the bank's reference and an image of the transfer. After a yes,
 * the image goes into the chat as the agent's message (the customer sees it there too), then the
 * payout names it as its proof. The server reads the proof first: when its amount is not the
 * order's total, the agent sees both and may record the payout anyway, saying why (decision 031).
 */
export function PayoutAction({ order }: { order: Order }) {
  const account = order.payoutAccount;
  const sendImage = useSendOrderImage();
  const payout = useRecordPayout();
  return (
    <FieldAction
      label={`Bank reference of the ${formatNaira(order.totalNaira)} payout${
        account ? ` to ${payoutAccountFullLabel(account)}` : ''
      }`}
      placeholder="e.g. the transfer's session id"
      image={{
        label: 'Proof of payment',
        hint: 'A screenshot of the transfer. It is sent into this chat.',
        missing: PROOF_MISSING,
      }}
      submitLabel="Record payout"
      validate={(reference) =>
        payoutRequestSchema.shape.bankReference.safeParse(reference).error?.issues[0]?.message ??
        null
      }
      run={async (bankReference, idempotencyKey, picked, amountReason) => {
        // FieldAction runs a payout only with its proof picked (`missing` above). Sent again
        // after a refusal, the image is the same message (its client message id).
        const proof = picked!;
        const message = await sendImage({
          clientMessageId: proof.clientMessageId,
          file: proof.file,
          caption: `Payout proof · ${order.reference}`,
        });
        return payout.mutateAsync({
          id: order.id,
          idempotencyKey,
          bankReference,
          proofMessageId: message.id,
          ...(amountReason === null ? {} : { receiptAmountReason: amountReason }),
        });
      }}
      confirm={(reference, picked) => ({
        title: 'Record this payout?',
        description:
          'The proof is sent into the chat and the customer is told they were paid. This cannot be undone.',
        facts: [
          { label: 'Order', value: order.reference },
          { label: 'Paid', value: formatNaira(order.totalNaira) },
          ...(account
            ? [
                {
                  label: 'To',
                  value: `${payoutAccountFullLabel(account)} · ${account.accountName}`,
                },
              ]
            : []),
          { label: 'Bank reference', value: reference },
          {
            label: 'Proof',
            value: picked && (
              <img
                src={picked.previewUrl}
                alt="Proof of payment"
                className="ml-auto size-16 rounded-lg object-cover"
              />
            ),
          },
        ],
        confirmLabel: 'Record payout',
      })}
      // The proof's amount, read by OCR, is not the order's total (the server's 409 says both).
      override={{
        applies: (error) =>
          error instanceof ApiError &&
          error.status === 409 &&
          typeof (error.body as { receiptAmount?: unknown } | undefined)?.receiptAmount ===
            'string',
        label: 'Record the payout anyway',
        reasonLabel: 'Why is the payout right? (kept in the audit log)',
        reasonMin: HAND_CONFIRM_REASON_MIN,
      }}
      failed="Could not record the payout. Try again."
    />
  );
}

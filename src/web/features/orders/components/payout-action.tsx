import { useId, useState, type FormEvent } from 'react';
import { payoutRequestSchema, type Order } from '../../../../shared/api/orders';
import { payoutAccountLabel } from '../../../../shared/payout-accounts/masked-account';
import { TextField } from '../../../components/text-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { formatNaira } from '../../../lib/format';
import { useSendImage } from '../../messages';
import { useRecordPayout } from '../api/record-payout';
import { useOrderAction } from '../lib/use-order-action';
import { usePickedImage } from '../lib/use-picked-image';
import { ImagePicker } from './image-picker';

export const PROOF_MISSING = 'Choose the image of the transfer';

/**
 * The agent records the payout: the bank's reference and an image of the transfer. After a yes,
 * the image goes into the chat as the agent's message (the customer sees it there too), then the
 * payout names it as its proof.
 */
export function PayoutAction({ order }: { order: Order }) {
  const id = useId();
  const account = order.payoutAccount;
  const [reference, setReference] = useState('');
  const [referenceProblem, setReferenceProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const proof = usePickedImage();
  const sendImage = useSendImage(order.chatSessionId);
  const payout = useRecordPayout();
  const action = useOrderAction(async (idempotencyKey) => {
    const picked = proof.picked!;
    const message = await sendImage({
      clientMessageId: picked.clientMessageId,
      file: picked.file,
      caption: `Payout proof · ${order.reference}`,
    });
    return payout.mutateAsync({
      id: order.id,
      idempotencyKey,
      bankReference: reference.trim(),
      proofMessageId: message.id,
    });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found =
      payoutRequestSchema.shape.bankReference.safeParse(reference).error?.issues[0]?.message ??
      null;
    setReferenceProblem(found);
    if (!proof.picked) proof.setProblem(PROOF_MISSING);
    if (found || !proof.picked) return;
    setAsking(true);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        id={id}
        label={`Bank reference of the ${formatNaira(order.totalNaira)} payout${
          account ? ` to ${payoutAccountLabel(account)}` : ''
        }`}
        value={reference}
        placeholder="e.g. the transfer's session id"
        problem={referenceProblem}
        onChange={(next) => {
          setReference(next);
          setReferenceProblem(null);
          action.changed();
        }}
      />
      <ImagePicker
        label="Proof of payment"
        hint="A screenshot of the transfer. It is sent into this chat."
        picked={proof.picked}
        problem={proof.problem}
        onPick={(file) => {
          proof.pick(file);
          action.changed();
        }}
        onClear={() => {
          proof.clear();
          action.changed();
        }}
      />
      <Button type="submit" disabled={action.pending}>
        Record payout
      </Button>
      <ConfirmDialog
        open={asking}
        title="Record this payout?"
        description="The proof is sent into the chat and the customer is told they were paid. This cannot be undone."
        facts={[
          { label: 'Order', value: order.reference },
          { label: 'Paid', value: formatNaira(order.totalNaira) },
          ...(account ? [{ label: 'To', value: payoutAccountLabel(account) }] : []),
          { label: 'Bank reference', value: reference.trim() },
          {
            label: 'Proof',
            value: proof.picked && (
              <img
                src={proof.picked.previewUrl}
                alt="Proof of payment"
                className="ml-auto size-16 rounded-lg object-cover"
              />
            ),
          },
        ]}
        confirmLabel="Record payout"
        pending={action.pending}
        onConfirm={() => {
          setAsking(false);
          action.submit();
        }}
        onCancel={() => setAsking(false)}
      />
      {action.error !== null && (
        <ErrorAlert>
          {errorText(action.error, 'Could not record the payout. Try again.')}
        </ErrorAlert>
      )}
    </form>
  );
}

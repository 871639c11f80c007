import { useId, useState, type FormEvent } from 'react';
import { depositRequestSchema, type Order } from '../../../../shared/api/orders';
import { txHashProblem } from '../../../../shared/orders/states';
import { TextField } from '../../../components/text-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useSendImage } from '../../messages';
import { useSubmitDeposit } from '../api/submit-deposit';
import { useOrderAction } from '../lib/use-order-action';
import { usePickedImage } from '../lib/use-picked-image';
import { ImagePicker } from './image-picker';

/**
 * The customer says the coins are sent: the tx hash, checked for the network's shape here and on
 * the server, and optionally a screenshot of the wallet's send, which goes into the chat first.
 */
export function DepositAction({ order }: { order: Order }) {
  const id = useId();
  const [txHash, setTxHash] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const screenshot = usePickedImage();
  const sendImage = useSendImage(order.chatSessionId);
  const deposit = useSubmitDeposit();
  const action = useOrderAction(async (idempotencyKey) => {
    const picked = screenshot.picked;
    const message = picked
      ? await sendImage({
          clientMessageId: picked.clientMessageId,
          file: picked.file,
          caption: `Deposit screenshot · ${order.reference}`,
        })
      : null;
    return deposit.mutateAsync({
      id: order.id,
      idempotencyKey,
      txHash: txHash.trim(),
      ...(message ? { screenshotMessageId: message.id } : {}),
    });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = txHash.trim();
    const found =
      depositRequestSchema.shape.txHash.safeParse(value).error?.issues[0]?.message ??
      txHashProblem(order.network, value);
    setProblem(found);
    if (!found) action.submit();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        id={id}
        label="Transaction hash (after you send)"
        value={txHash}
        placeholder="64 characters, 0-9 and a-f"
        problem={problem}
        onChange={(next) => {
          setTxHash(next);
          setProblem(null);
          action.changed();
        }}
      />
      <ImagePicker
        label="Screenshot (optional)"
        hint="Your wallet's screen showing the coins sent. It is sent into this chat."
        picked={screenshot.picked}
        problem={screenshot.problem}
        onPick={(file) => {
          screenshot.pick(file);
          action.changed();
        }}
        onClear={() => {
          screenshot.clear();
          action.changed();
        }}
      />
      <Button type="submit" disabled={action.pending}>
        I've sent it
      </Button>
      {action.error !== null && (
        <ErrorAlert>
          {errorText(action.error, 'Could not send the transaction hash. Try again.')}
        </ErrorAlert>
      )}
    </form>
  );
}

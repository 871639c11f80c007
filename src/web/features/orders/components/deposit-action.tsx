import { depositRequestSchema, type Order } from '../../../../shared/api/orders';
import { txHashProblem } from '../../../../shared/orders/states';
import { useSendImage } from '../../messages';
import { useSubmitDeposit } from '../api/submit-deposit';
import { FieldAction } from './field-action';

/**
 * The customer says the coins are sent: the tx hash, checked for the network's shape here and on
 * the server, and optionally a screenshot of the wallet's send, which goes into the chat first.
 */
export function DepositAction({ order }: { order: Order }) {
  const sendImage = useSendImage(order.chatSessionId);
  const deposit = useSubmitDeposit();
  return (
    <FieldAction
      label="Transaction hash (after you send)"
      placeholder="64 characters, 0-9 and a-f"
      image={{
        label: 'Screenshot (optional)',
        hint: "Your wallet's screen showing the coins sent. It is sent into this chat.",
      }}
      submitLabel="I've sent it"
      validate={(txHash) =>
        depositRequestSchema.shape.txHash.safeParse(txHash).error?.issues[0]?.message ??
        txHashProblem(order.network, txHash)
      }
      run={async (txHash, idempotencyKey, picked) => {
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
          txHash,
          ...(message ? { screenshotMessageId: message.id } : {}),
        });
      }}
      failed="Could not send the transaction hash. Try again."
    />
  );
}

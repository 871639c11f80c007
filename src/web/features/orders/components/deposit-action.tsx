import { depositRequestSchema, type Order } from '../../../../shared/api/orders';
import { txHashProblem } from '../../../../shared/orders/states';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useSendOrderImage } from '../lib/order-image';
import { useSubmitDeposit } from '../api/submit-deposit';
import { useOrderAction } from '../lib/use-order-action';
import type { PickedImageState } from '../lib/use-picked-image';
import { FieldAction } from './field-action';
import { ImagePicker } from './image-picker';

const SCREENSHOT = {
  label: 'Screenshot (optional)',
  hint: "Your wallet's screen showing the coins sent. It is sent into this chat.",
};

/**
 * The customer says the coins are sent: the tx hash, checked for the network's shape here and on
 * the server, and optionally a screenshot of the wallet's send, which goes into the chat first.
 * The picked screenshot is the parent's (`screenshot`), so it outlives this form when the
 * watcher attaches the transaction first (`AddScreenshotAction` then sends it).
 */
export function DepositAction({
  order,
  screenshot,
}: {
  order: Order;
  screenshot: PickedImageState;
}) {
  const sendImage = useSendOrderImage();
  const deposit = useSubmitDeposit();
  return (
    <FieldAction
      label="Transaction hash (after you send)"
      placeholder="64 characters, 0-9 and a-f"
      image={{ ...SCREENSHOT, state: screenshot }}
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
        const sent = await deposit.mutateAsync({
          id: order.id,
          idempotencyKey,
          txHash,
          ...(message ? { screenshotMessageId: message.id } : {}),
        });
        screenshot.clear();
        return sent;
      }}
      failed="Could not send the transaction hash. Try again."
    />
  );
}

/**
 * The watcher attached the transaction before the customer sent the form: the order is
 * deposit_seen without a screenshot. The customer may still add one (the server takes it for the
 * same tx hash), and an image they had picked in the deposit form is kept, ready to send.
 */
export function AddScreenshotAction({
  order,
  screenshot,
}: {
  order: Order;
  screenshot: PickedImageState;
}) {
  const sendImage = useSendOrderImage();
  const deposit = useSubmitDeposit();
  const action = useOrderAction(async (idempotencyKey) => {
    const picked = screenshot.picked;
    if (!picked || !order.txHash) return;
    const message = await sendImage({
      clientMessageId: picked.clientMessageId,
      file: picked.file,
      caption: `Deposit screenshot · ${order.reference}`,
    });
    await deposit.mutateAsync({
      id: order.id,
      idempotencyKey,
      txHash: order.txHash,
      screenshotMessageId: message.id,
    });
    screenshot.clear();
  });
  return (
    <div className="flex flex-col gap-3" data-testid="add-deposit-screenshot">
      <p className="text-sm text-ink">
        We found your transaction on the chain. Add your wallet&apos;s screenshot of the send if you
        have one.
      </p>
      <ImagePicker
        label="Screenshot"
        hint={SCREENSHOT.hint}
        image={screenshot}
        onChange={action.changed}
      />
      <Button disabled={action.pending || !screenshot.picked} onClick={() => action.submit()}>
        Add your screenshot
      </Button>
      {action.error !== null && (
        <ErrorAlert>
          {errorText(action.error, 'Could not add the screenshot. Try again.')}
        </ErrorAlert>
      )}
    </div>
  );
}

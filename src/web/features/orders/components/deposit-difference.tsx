import { useState } from 'react';
import {
  depositReturnedRequestSchema,
  releasePayoutRequestSchema,
  returnDepositRequestSchema,
  type Order,
} from '../../../../shared/api/orders';
import { AMOUNT_SYMBOLS, dec } from '../../../../shared/money';
import { txHashProblem } from '../../../../shared/orders/states';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { PayoutAccountDetails } from '../../../components/payout-account-details';
import {
  useAcceptRequote,
  useDeclineRequote,
  useDepositReturned,
  useReleasePayout,
  useRequoteDeposit,
  useRequotePreview,
  useReturnDeposit,
} from '../api/deposit-difference';
import { ButtonAction } from './button-action';
import { FieldAction } from './field-action';
import { Figure } from './order-figures';
import { marketText } from './order-preview';

/** A signed decimal string with its sign in words' place: "−0.0001 BTC", "+₦15,725.41". */
function signed(value: string, format: (abs: string) => string): string {
  const d = dec(value);
  return `${d.isNegative() ? '−' : '+'}${format(d.abs().toFixed())}`;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right font-semibold whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The reason box for sending a deposit back. */
function ReturnIt({ order, onBack }: { order: Order; onBack?: () => void }) {
  const returnDeposit = useReturnDeposit();
  return (
    <div className="flex flex-col gap-2">
      <FieldAction
        label="Why it goes back"
        placeholder="For example: the customer sent less and wants the coins back"
        submitLabel="Return it"
        variant="danger"
        validate={(reason) =>
          returnDepositRequestSchema.safeParse({ reason }).error?.issues[0]?.message ?? null
        }
        run={(reason, idempotencyKey) =>
          returnDeposit.mutateAsync({ id: order.id, idempotencyKey, reason })
        }
        confirm={(reason) => ({
          title: 'Return the deposit?',
          description:
            'The order will not be paid out. Send the coins back, then record the return’s tx hash here.',
          facts: [
            {
              label: 'Received',
              value: formatCryptoAmount(order.chain?.receivedCrypto ?? '0', order.coin),
            },
            { label: 'Reason', value: reason },
          ],
          confirmLabel: 'Return it',
          danger: true,
        })}
        failed="Could not mark the deposit for return. Try again."
      />
      {onBack && (
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
      )}
    </div>
  );
}

/**
 * "Re-quote at received amount" with the server's figures before its button (issue 29): the
 * coins received, the locked rate and how far it now is from the market, the new total, the
 * account paid into and that no lock runs. The re-quote sets exactly these (`requoteVersion`);
 * an amount read again since is a 409 whose new figures replace these.
 */
function Requote({ order }: { order: Order }) {
  const preview = useRequotePreview(order);
  const requote = useRequoteDeposit(order);
  if (preview.isError) {
    return (
      <ErrorAlert>
        {errorText(preview.error, 'Could not price the re-quote. Try again.')}
      </ErrorAlert>
    );
  }
  const figures = preview.data;
  if (!figures) {
    return (
      <p className="text-xs text-ink-muted" role="status">
        Pricing the re-quote…
      </p>
    );
  }
  const crypto = (v: string) => formatCryptoAmount(v, figures.coin);
  const account = figures.payoutAccount;
  return (
    <div className="flex flex-col gap-2">
      <dl
        aria-label="Re-quote preview"
        data-testid="requote-preview"
        className="divide-y divide-line rounded-xl bg-canvas px-3"
      >
        <Figure
          label="Rate"
          value={`${formatNaira(figures.rateNaira)} / ${AMOUNT_SYMBOLS[figures.coin]} (locked)`}
        />
        <Figure label="Market" value={marketText(figures)} />
        <Figure label="Customer sent" value={crypto(figures.amountCrypto)} />
        <Figure label="New total" value={formatNaira(figures.totalNaira)} look="strong" />
        <Figure label="Was" value={formatNaira(figures.wasTotalNaira)} />
        <Figure label="Lock" value="None: the coins are with the desk" />
      </dl>
      {account && <PayoutAccountDetails account={account} />}
      <ButtonAction
        label="Re-quote at received amount"
        run={(idempotencyKey) =>
          requote.mutateAsync({ idempotencyKey, requoteVersion: figures.requoteVersion })
        }
        confirm={{
          title: 'Re-quote at the received amount?',
          description:
            'The customer sees the new total and must accept it before the payout. The locked rate stays.',
          facts: [
            { label: 'New amount', value: crypto(figures.amountCrypto) },
            { label: 'Locked rate', value: formatNaira(figures.rateNaira) },
            { label: 'New total', value: formatNaira(figures.totalNaira) },
            { label: 'Was', value: formatNaira(figures.wasTotalNaira) },
            ...(account
              ? [
                  {
                    label: 'Paid into',
                    value: `${payoutAccountFullLabel(account)} · ${account.accountName}`,
                  },
                ]
              : []),
          ],
          confirmLabel: 'Send the new total',
        }}
        failed="Could not re-quote. Try again."
      />
    </div>
  );
}

/**
 * The agent's choice for a deposit outside DEPOSIT_TOLERANCE_PERCENT: the difference in crypto
 * and in naira at the locked rate, then "Re-quote at received amount" (the received coins at
 * the order's locked rate; the customer must accept the new total) or "Return it".
 */
export function DepositDifference({ order }: { order: Order }) {
  const [returning, setReturning] = useState(false);
  const chain = order.chain;
  if (!chain?.differenceCrypto || !chain.differenceNaira || !chain.receivedCrypto) return null;
  const short = dec(chain.differenceCrypto).isNegative();
  const late =
    chain.firstSeenAt !== null && Date.parse(chain.firstSeenAt) > Date.parse(order.expiresAt);
  const crypto = (v: string) => formatCryptoAmount(v, order.coin);
  return (
    <section
      aria-label={short ? 'Short deposit' : 'Over deposit'}
      data-testid="deposit-difference"
      className="flex flex-col gap-3 rounded-xl bg-orange-50 p-3 text-sm text-ink ring-1 ring-orange-600/20"
    >
      <h4 className="font-semibold text-orange-900">
        {short ? 'Short deposit' : 'Over deposit'}: outside the tolerance
      </h4>
      <dl className="flex flex-col gap-1">
        <Row label="Ordered" value={crypto(order.amountCrypto)} />
        <Row label="Received" value={crypto(chain.receivedCrypto)} />
        <Row
          label="Difference"
          testId="deposit-difference-crypto"
          value={signed(chain.differenceCrypto, crypto)}
        />
        <Row
          label="In naira (locked rate)"
          testId="deposit-difference-naira"
          value={signed(chain.differenceNaira, (v) => formatNaira(dec(v).toFixed(2)))}
        />
      </dl>
      {returning ? (
        <ReturnIt order={order} onBack={() => setReturning(false)} />
      ) : (
        <div className="flex flex-col gap-2">
          {late ? (
            <p className="text-xs text-ink-muted">
              First seen after the rate lock ended: it cannot be re-quoted at the locked rate.
            </p>
          ) : (
            <Requote order={order} />
          )}
          <Button variant="danger" onClick={() => setReturning(true)}>
            Return it
          </Button>
        </div>
      )}
    </section>
  );
}

/** A re-quote waits for the customer; the agent may still send the coins back. */
export function RequotedAgent({ order }: { order: Order }) {
  const [returning, setReturning] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink-muted">
        Waiting for the customer to accept the new total of {formatNaira(order.totalNaira)}.
      </p>
      {returning ? (
        <ReturnIt order={order} onBack={() => setReturning(false)} />
      ) : (
        <Button variant="danger" onClick={() => setReturning(true)}>
          Return it instead
        </Button>
      )}
    </div>
  );
}

/** The agent sent the coins back: the return's tx hash, in the network's shape. */
export function RecordReturn({ order }: { order: Order }) {
  const returned = useDepositReturned();
  return (
    <FieldAction
      label="Tx hash of the return"
      placeholder="64 hexadecimal characters"
      submitLabel="Record the return"
      validate={(returnTxHash) =>
        depositReturnedRequestSchema.safeParse({ returnTxHash }).error?.issues[0]?.message ??
        txHashProblem(order.network, returnTxHash)
      }
      run={(returnTxHash, idempotencyKey) =>
        returned.mutateAsync({ id: order.id, idempotencyKey, returnTxHash })
      }
      failed="Could not record the return. Try again."
    />
  );
}

/**
 * A reorganised block took the confirmations back after the deposit was confirmed: no payout
 * until they are back, or the agent lets it go ahead with a reason.
 */
export function PayoutHeld({ order }: { order: Order }) {
  const release = useReleasePayout();
  return (
    <div className="flex flex-col gap-2" data-testid="payout-held">
      <p className="text-sm font-semibold text-orange-800">
        Payout on hold: the chain shows {order.chain?.confirmations ?? 0} of{' '}
        {order.chain?.confirmationsRequired ?? 0} confirmations again.
      </p>
      <FieldAction
        label="Reason to pay out anyway"
        placeholder="For example: seen confirmed on our own node"
        submitLabel="Confirm by hand"
        validate={(reason) =>
          releasePayoutRequestSchema.safeParse({ reason }).error?.issues[0]?.message ?? null
        }
        run={(reason, idempotencyKey) =>
          release.mutateAsync({ id: order.id, idempotencyKey, reason })
        }
        failed="Could not confirm by hand. Try again."
      />
    </div>
  );
}

/**
 * The customer's side of a re-quote: what arrived, the new total at the same locked rate, and
 * accept it or ask for the coins back.
 */
export function RequotedCustomer({ order }: { order: Order }) {
  const accept = useAcceptRequote();
  const decline = useDeclineRequote();
  const amount = formatCryptoAmount(order.amountCrypto, order.coin);
  return (
    <div className="flex flex-col gap-2" data-testid="requoted">
      <p className="text-sm text-ink">
        The desk received {amount}, not the amount ordered. New total at your locked rate:{' '}
        <strong className="whitespace-nowrap">{formatNaira(order.totalNaira)}</strong>.
      </p>
      <ButtonAction
        label="Accept the new total"
        run={(idempotencyKey) => accept.mutateAsync({ id: order.id, idempotencyKey })}
        confirm={{
          title: 'Accept the new total?',
          description: 'You will be paid this total for the coins the desk received.',
          facts: [
            { label: 'Received', value: amount },
            { label: 'New total', value: formatNaira(order.totalNaira) },
          ],
          confirmLabel: 'Accept',
        }}
        failed="Could not accept. Try again."
      />
      <ButtonAction
        label="Send my coins back"
        variant="danger"
        run={(idempotencyKey) => decline.mutateAsync({ id: order.id, idempotencyKey })}
        confirm={{
          title: 'Ask for your coins back?',
          description: 'The desk returns the coins it received and this order is not paid out.',
          facts: [{ label: 'Received', value: amount }],
          confirmLabel: 'Send them back',
          danger: true,
        }}
        failed="Could not ask for the coins back. Try again."
      />
    </div>
  );
}

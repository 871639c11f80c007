import type { Order, OrderChain } from '../../../../shared/api/orders';
import { dec } from '../../../../shared/money';
import { chainReadingLines } from '../../../../shared/orders/chain-reading';
import type { DepositNetwork } from '../../../../shared/deposit-addresses/networks';
import { useAppConfig } from '../../../lib/app-config';
import { formatCryptoAmount, formatDateTime } from '../../../lib/format';
import { useNow } from '../lib/use-now';

/** Where a person looks a transaction up: a public explorer per network. */
const EXPLORERS: Record<DepositNetwork, { name: string; url: (txHash: string) => string }> = {
  BTC: { name: 'mempool.space', url: (tx) => `https://mempool.space/tx/${tx}` },
  'USDT-TRC20': { name: 'Tronscan', url: (tx) => `https://tronscan.org/#/transaction/${tx}` },
};

/** The figure without its coin: "0.015" of "0.015 BTC". */
function bare(amount: string, coin: Order['coin']): string {
  return formatCryptoAmount(amount, coin).replace(/ \S+$/, '');
}

/**
 * What the customer is told of their deposit: the count as it goes, that the chain does not
 * know the transaction yet, or what arrived when it is short and what happens next.
 */
function customerProgress(order: Order, chain: OrderChain): string {
  if (chain.problemKind === 'not_found') return "We can't find this transaction on the chain yet";
  if (
    chain.receivedCrypto !== null &&
    chain.differenceCrypto &&
    dec(chain.differenceCrypto).isNegative()
  ) {
    return `We received ${bare(chain.receivedCrypto, order.coin)} of ${formatCryptoAmount(order.amountCrypto, order.coin)}. Your agent will send you a new total or return it.`;
  }
  return `${Math.min(chain.confirmations!, chain.confirmationsRequired!)} of ${chain.confirmationsRequired} confirmations`;
}

/**
 * What the server last read on the chain for the order's deposit, live: "checking…", then
 * "N of M confirmations", or "Not found on the chain" (the customer: "We can't find this
 * transaction on the chain yet"; a short deposit: what arrived and what happens next). Agents
 * also see what is wrong with it (address, amount, time), a link to a public explorer, and each
 * payment when several to the order's own address add up (decision 030). When
 * the last good read of a deposit waiting on the chain is older than two watch intervals (an
 * explorer not answering), it says "Checking the chain…" again, with when it last read it.
 */
export function ChainStatus({ order, viewer }: { order: Order; viewer: 'customer' | 'agent' }) {
  const { depositWatchMs } = useAppConfig();
  const now = useNow(depositWatchMs);
  const { chain, txHash } = order;
  if (!chain) return null;
  if (!txHash) {
    // No transaction yet: only what the watcher says about the deposit address, to agents.
    return viewer === 'agent' && chain.problem ? (
      <p
        role="alert"
        data-testid="chain-problem"
        className="rounded-lg bg-orange-50 px-2 py-1.5 text-sm text-orange-800 ring-1 ring-orange-600/20"
      >
        {chain.problem}
      </p>
    ) : null;
  }
  const explorer = EXPLORERS[order.network];
  const lastChecked =
    order.state === 'deposit_seen' &&
    chain.checkedAt !== null &&
    now.getTime() - Date.parse(chain.checkedAt) > 2 * depositWatchMs
      ? chain.checkedAt
      : null;
  const progress =
    chain.confirmations === null || chain.confirmationsRequired === null || lastChecked
      ? 'Checking the chain…'
      : viewer === 'customer'
        ? customerProgress(order, chain)
        : chainReadingLines(chain, order.coin)[0]!;
  return (
    <section
      aria-label="On the chain"
      data-testid="chain-status"
      className="flex flex-col gap-1.5 rounded-xl bg-slate-50 px-3 py-2 text-sm text-ink"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span data-testid="chain-confirmations" className="font-semibold tabular-nums">
          {progress}
        </span>
        {viewer === 'agent' && (
          <a
            href={explorer.url(txHash)}
            target="_blank"
            rel="noreferrer noopener"
            className="text-xs font-semibold text-brand-800 underline underline-offset-2"
          >
            View on {explorer.name}
          </a>
        )}
      </div>
      {lastChecked && (
        <span className="text-xs text-ink-muted" data-testid="chain-last-checked">
          Last checked {formatDateTime(lastChecked)}
        </span>
      )}
      {viewer === 'agent' && chain.receivedCrypto !== null && (
        <span className="text-xs text-ink-muted" data-testid="chain-received">
          Received {formatCryptoAmount(chain.receivedCrypto, order.coin)} at the deposit address
          {chain.firstSeenAt &&
            `, first seen ${new Date(chain.firstSeenAt).toLocaleString('en-NG')}`}
        </span>
      )}
      {viewer === 'agent' && order.payments.length > 1 && (
        <ul className="flex flex-col gap-0.5 text-xs text-ink-muted" data-testid="chain-payments">
          {order.payments.map((p) => (
            <li key={p.txHash}>
              <a
                href={explorer.url(p.txHash)}
                target="_blank"
                rel="noreferrer noopener"
                className="font-mono underline underline-offset-2"
              >
                {p.txHash.slice(0, 10)}…
              </a>{' '}
              {formatCryptoAmount(p.receivedCrypto, order.coin)}, {p.confirmations} of{' '}
              {chain.confirmationsRequired ?? '?'} confirmations
            </li>
          ))}
        </ul>
      )}
      {viewer === 'agent' && chain.problem && (
        <p
          role="alert"
          data-testid="chain-problem"
          className="rounded-lg bg-orange-50 px-2 py-1.5 text-sm text-orange-800 ring-1 ring-orange-600/20"
        >
          {chain.problem}
        </p>
      )}
    </section>
  );
}

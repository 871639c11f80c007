import { lazy, Suspense } from 'react';
import type { Order } from '../../../../shared/api/orders';
import { depositQrText } from '../../../../shared/orders/deposit-qr';
import { formatCryptoAmount } from '../../../lib/format';
import { CopyButton } from '../../../components/ui/copy-button';

/** The QR encoder (`qrcode`) loads when a deposit address is shown, not with the orders' code. */
const QrCode = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));

/** Where to send the coins: the exact amount, the address with a copy button, and its QR code. */
export function DepositAddress({ order, address }: { order: Order; address: string }) {
  const amount = formatCryptoAmount(order.amountCrypto, order.coin);
  return (
    <div className="rounded-xl bg-canvas p-3" data-testid="deposit-address">
      <p className="text-sm text-ink">
        Send exactly <strong className="font-semibold">{amount}</strong> on the{' '}
        <strong className="font-semibold">{order.network}</strong> network to:
      </p>
      <div className="mt-3 flex flex-col items-center gap-3">
        <Suspense fallback={<div aria-hidden className="size-40 shrink-0 rounded-lg bg-white" />}>
          <QrCode
            text={depositQrText(order, address)}
            label={`QR code of the deposit address ${address}${order.network === 'BTC' ? ` and the amount ${amount}` : ''}`}
          />
        </Suspense>
        <div className="flex w-full min-w-0 flex-col gap-2">
          <code
            data-testid="deposit-address-text"
            className="block rounded-lg bg-surface px-3 py-2 font-mono text-sm break-all text-ink ring-1 ring-line select-all"
          >
            {address}
          </code>
          <CopyButton text={address} label="Copy the deposit address" />
        </div>
      </div>
    </div>
  );
}

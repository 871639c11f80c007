import { dec } from '../money';
import type { DepositNetwork } from '../deposit-addresses/networks';

/**
 * What a deposit QR code holds: for BTC a BIP21 URI with the amount, so a wallet that scans it
 * fills in both ("bitcoin:bc1q…?amount=0.01593889"); for USDT-TRC20 the address (TRON wallets
 * agree on no URI with an amount). The web's card and the WhatsApp image show the same.
 */
export function depositQrText(
  order: { network: DepositNetwork; amountCrypto: string },
  address: string,
): string {
  return order.network === 'BTC'
    ? `bitcoin:${address}?amount=${dec(order.amountCrypto).toFixed()}`
    : address;
}

import { ChevronDown, Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { GAP_LIMIT, type DepositKey } from '../../../../shared/api/deposit-addresses';
import {
  DEPOSIT_NETWORKS,
  type DepositNetwork,
} from '../../../../shared/deposit-addresses/networks';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { depositKeyCsvUrl, useAddDepositKey, useDepositKeys } from '../api/deposit-keys';

const KIND_NAMES: Record<DepositKey['kind'], string> = {
  p2pkh: 'xpub · P2PKH (1…)',
  'p2sh-p2wpkh': 'ypub · P2SH-P2WPKH (3…)',
  p2wpkh: 'zpub · P2WPKH (bc1q…)',
  tron: 'TRON m/44’/195’/0’',
};

function KeyCard({ depositKey }: { depositKey: DepositKey }) {
  return (
    <li
      aria-label={`${depositKey.network} key ${depositKey.label}`}
      className="grid gap-2 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-ink">
          {depositKey.network} · {depositKey.label}
          {!depositKey.active && <span className="font-normal text-ink-muted"> (replaced)</span>}
        </span>
        <span className="text-ink-muted">
          {KIND_NAMES[depositKey.kind]} · {depositKey.nextIndex} handed out
        </span>
      </div>
      <p className="font-mono text-xs break-all text-ink-muted">{depositKey.extendedPublicKey}</p>
      <div>
        <p className="text-ink-muted">
          Check these against your wallet’s first receiving addresses:
        </p>
        <ol className="mt-1 grid gap-0.5 font-mono text-xs" data-testid="first-addresses">
          {depositKey.firstAddresses.map((address, index) => (
            <li key={address}>
              0/{index} {address}
            </li>
          ))}
        </ol>
      </div>
      {depositKey.unpaidInARow > GAP_LIMIT && (
        <ErrorAlert>
          {depositKey.unpaidInARow} addresses in a row have not been paid: wallets stop looking
          after {GAP_LIMIT}. Raise your wallet’s gap limit, or sweep from the list below.
        </ErrorAlert>
      )}
      <a
        href={depositKeyCsvUrl(depositKey.id)}
        download
        className="inline-flex items-center gap-1.5 justify-self-start font-semibold text-brand-800 underline underline-offset-2"
      >
        <Download aria-hidden className="size-4" />
        Each order’s address and what it received (CSV)
      </a>
    </li>
  );
}

/**
 * The networks' extended public keys (decision 030): with one, each order gets its own address
 * at the key's next index. The form takes the account key; the list shows each key's first five
 * addresses, warns past the wallets' gap limit, and links its addresses as CSV.
 */
export function DepositKeysSection() {
  const id = useId();
  const keys = useDepositKeys();
  const add = useAddDepositKey();
  const [network, setNetwork] = useState<DepositNetwork>('BTC');
  const [extendedPublicKey, setKey] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!extendedPublicKey.trim() || !label.trim()) {
      return setProblem('Enter the extended public key and a label.');
    }
    setProblem(null);
    add.mutate(
      { network, extendedPublicKey: extendedPublicKey.trim(), label: label.trim() },
      {
        onSuccess: (added) => {
          setKey('');
          setLabel('');
          toast({ title: `${added.network} key added`, description: added.label });
        },
        onError: (error) => setProblem(errorText(error, 'Could not add the key.')),
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-2xl bg-surface p-4 shadow-card ring-1 ring-black/5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
        An address per order
      </h2>
      <p className="text-ink-muted">
        Give a network your wallet’s account extended public key (never a private key): each new
        order then gets its own address, the next on the key’s receiving chain, and a payment there
        is that order’s alone.
      </p>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-network`}>Key network</Label>
          <div className="relative">
            <select
              id={`${id}-network`}
              className={`${inputClasses} appearance-none pr-10`}
              value={network}
              onChange={(e) => setNetwork(e.target.value as DepositNetwork)}
            >
              {DEPOSIT_NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3.5 size-[18px] -translate-y-1/2 text-ink-muted"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-key`}>Extended public key</Label>
          <Input
            id={`${id}-key`}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-sm"
            placeholder={network === 'BTC' ? 'zpub…, ypub… or xpub…' : "xpub… of m/44'/195'/0'"}
            value={extendedPublicKey}
            onChange={(e) => setKey(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={`${id}-label`}>Key label</Label>
          <Input
            id={`${id}-label`}
            maxLength={80}
            placeholder="Ledger account 0"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        {problem && <ErrorAlert className="sm:col-span-2">{problem}</ErrorAlert>}
        <Button
          type="submit"
          disabled={add.isPending}
          className="sm:col-span-2 sm:justify-self-start"
        >
          {add.isPending ? 'Adding…' : 'Add key'}
        </Button>
      </form>
      {keys.isError && <ErrorAlert>{errorText(keys.error, 'Could not load the keys.')}</ErrorAlert>}
      {keys.data && keys.data.length > 0 && (
        <ul className="divide-y divide-line rounded-xl ring-1 ring-line">
          {keys.data.map((depositKey) => (
            <KeyCard key={depositKey.id} depositKey={depositKey} />
          ))}
        </ul>
      )}
    </section>
  );
}

import { ChevronDown } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  DEPOSIT_NETWORKS,
  type DepositNetwork,
} from '../../../../shared/deposit-addresses/networks';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { useAddDepositAddress } from '../api/add-deposit-address';

/** Network, address and label; the server checks the address's format and checksum. */
export function AddAddressForm() {
  const id = useId();
  const add = useAddDepositAddress();
  const [network, setNetwork] = useState<DepositNetwork>('BTC');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!address.trim() || !label.trim()) return setProblem('Enter the address and a label.');
    setProblem(null);
    add.mutate(
      { network, address: address.trim(), label: label.trim() },
      {
        onSuccess: (added) => {
          setAddress('');
          setLabel('');
          toast({ title: `${added.network} address added`, description: added.label });
        },
        onError: (error) => setProblem(errorText(error, 'Could not add the address.')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[10rem_1fr]">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-network`}>Network</Label>
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
        <Label htmlFor={`${id}-address`}>Address</Label>
        <Input
          id={`${id}-address`}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-sm"
          placeholder={network === 'BTC' ? 'bc1q…, 1… or 3…' : 'T…'}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${id}-label`}>Label</Label>
        <Input
          id={`${id}-label`}
          maxLength={80}
          placeholder="Hot wallet 1"
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
        {add.isPending ? 'Adding…' : 'Add address'}
      </Button>
    </form>
  );
}

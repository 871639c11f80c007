import { BackLinkPage } from '../../components/back-link-page';
import type { DepositAddress } from '../../../shared/api/deposit-addresses';
import {
  DEPOSIT_NETWORK_LABELS,
  DEPOSIT_NETWORKS,
  type DepositNetwork,
} from '../../../shared/deposit-addresses/networks';
import { ErrorAlert } from '../../components/ui/alert';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { useDepositAddresses } from './api/list-deposit-addresses';
import { useUpdateDepositAddress } from './api/update-deposit-address';
import { AddAddressForm } from './components/add-address-form';
import { AddressRow } from './components/address-row';
import { DepositKeysSection } from './components/deposit-keys-section';

function NetworkBook({
  network,
  addresses,
}: {
  network: DepositNetwork;
  addresses: DepositAddress[];
}) {
  const update = useUpdateDepositAddress();
  const active = addresses.filter((a) => a.active).length;
  return (
    <section
      aria-label={`${network} addresses`}
      className="overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-black/5"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 className="text-base font-semibold text-ink">
          {network}{' '}
          <span className="font-normal text-ink-muted">· {DEPOSIT_NETWORK_LABELS[network]}</span>
        </h2>
        <span className="shrink-0 text-sm text-ink-muted">{active} active</span>
      </div>
      {addresses.length === 0 ? (
        <p className="px-4 py-5 text-ink-muted">
          No addresses yet: orders on {network} cannot get a deposit address.
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {addresses.map((address) => (
            <AddressRow
              key={address.id}
              address={address}
              busy={update.isPending && update.variables.id === address.id}
              onToggle={() =>
                update.mutate(
                  { id: address.id, active: !address.active },
                  {
                    onError: (error) =>
                      toast({
                        title: 'Could not change the address',
                        description: errorText(error, 'Please try again.'),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/desk-addresses: admins keep the desk's deposit addresses per network (the route lets admins in). */
export default function DepositAddressesScreen() {
  const addresses = useDepositAddresses();
  return (
    <BackLinkPage
      back={{ to: '/admin-dashboard', label: 'Admin Dashboard' }}
      title="Deposit addresses"
      width="max-w-5xl"
    >
      <p className="text-ink-muted">
        The desk&apos;s wallets. Each order gets the next active address of its network, in turn,
        and asks for an amount no other waiting order there asks for. Deactivate an address to stop
        giving it out; orders that have it keep it. A network with an extended public key gives each
        order its own address instead.
      </p>
      <section
        aria-labelledby="add-address"
        className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-black/5 sm:p-6"
      >
        <h2 id="add-address" className="mb-4 text-base font-semibold text-ink">
          Add an address
        </h2>
        <AddAddressForm />
      </section>
      <DepositKeysSection />
      {addresses.isPending && <p className="text-ink-muted">Loading…</p>}
      {addresses.isError && (
        <ErrorAlert>{errorText(addresses.error, 'Could not load the addresses.')}</ErrorAlert>
      )}
      {addresses.data &&
        DEPOSIT_NETWORKS.map((network) => (
          <NetworkBook
            key={network}
            network={network}
            addresses={addresses.data.filter((a) => a.network === network)}
          />
        ))}
    </BackLinkPage>
  );
}

import { ShieldMinus, ShieldPlus } from 'lucide-react';
import type { AdminUser } from '../../../../shared/api/customers';
import { displayName, initials } from '../../../../shared/names';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useUsers, type UserRoleFilter } from '../../../features/customers';
import { useSetAgentStatus } from '../../../features/agents';
import { formatDate } from '../lib/format';
import { formatCount } from '../lib/metrics';
import { Badge } from '../../../components/badge';
import { ListField } from '../../../components/list-field';
import { ListCard, ListRow, type ListColumn } from './list-parts';

const ROLE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'agents', label: 'Agents' },
  { value: 'customers', label: 'Customers' },
] as const satisfies readonly { value: UserRoleFilter; label: string }[];

const COLUMNS: ListColumn[] = [
  { label: 'User', width: 'minmax(0,1fr)' },
  { label: 'Role', width: '8rem' },
  { label: 'Sessions', width: '5rem', className: 'text-right' },
  { label: 'Transactions', width: '6.5rem', className: 'text-right' },
  { label: 'Joined', width: '7rem', className: 'text-right' },
  { label: 'Action', width: '11.5rem', className: 'text-right' },
];

export function UserRow({
  user,
  pending,
  onToggle,
}: {
  user: AdminUser;
  pending: boolean;
  onToggle: (user: AdminUser) => void;
}) {
  const name = displayName(user);
  const hasName = name !== user.email && name !== 'Unknown';
  return (
    <ListRow data-testid="user-row" data-user-id={user.id} className="grid-cols-3 gap-x-3">
      <div className="col-span-2 flex min-w-0 items-center gap-3 md:col-span-1">
        <span
          aria-hidden
          className={cn(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-bold',
            user.isAgent ? 'bg-brand-100 text-brand-800' : 'bg-gold-200 text-brand-950',
          )}
        >
          {initials(user)}
        </span>
        <div className="min-w-0 flex-1">
          <p data-testid="user-name" className="truncate font-semibold">
            {name}
          </p>
          {hasName && user.email && <p className="truncate text-sm text-ink-muted">{user.email}</p>}
        </div>
      </div>
      <div className="flex flex-wrap content-center items-center justify-end gap-1 md:justify-start">
        <RoleBadges user={user} />
      </div>
      <ListField label="Sessions" testId="user-sessions" className="md:text-right">
        {formatCount(user.sessionCount)}
      </ListField>
      <ListField label="Transactions" testId="user-transactions" className="md:text-right">
        {formatCount(user.transactionCount)}
      </ListField>
      <ListField label="Joined" testId="user-joined" className="md:text-right">
        {formatDate(user.createdAt)}
      </ListField>
      <div className="col-span-3 md:col-span-1 md:text-right">
        {user.isAgent ? (
          <Button
            variant="outline"
            className="w-full border-down/30 whitespace-nowrap md:min-w-40 text-down hover:border-down hover:bg-down-soft md:w-auto"
            disabled={pending}
            onClick={() => onToggle(user)}
          >
            <ShieldMinus aria-hidden />
            Remove Agent<span className="sr-only"> ({name})</span>
          </Button>
        ) : (
          <Button
            variant="outline"
            className="w-full whitespace-nowrap md:w-auto md:min-w-40"
            disabled={pending}
            onClick={() => onToggle(user)}
          >
            <ShieldPlus aria-hidden />
            Make Agent<span className="sr-only"> ({name})</span>
          </Button>
        )}
      </div>
    </ListRow>
  );
}

function RoleBadges({ user }: { user: AdminUser }) {
  return (
    <>
      {user.isAgent ? (
        <Badge tone="teal" className="whitespace-nowrap" data-testid="user-role">
          Agent
        </Badge>
      ) : (
        <Badge tone="gold" className="whitespace-nowrap" data-testid="user-role">
          Customer
        </Badge>
      )}
      {user.isAdmin && (
        <Badge tone="purple" className="whitespace-nowrap">
          Admin
        </Badge>
      )}
    </>
  );
}

/** The Users tab: every account, by role and search, with Make Agent / Remove Agent. */
export function UsersTab() {
  const setAgentStatus = useSetAgentStatus();

  return (
    <ListCard
      label="Users"
      filter={{ label: 'Show', options: ROLE_OPTIONS, className: 'sm:w-80' }}
      searchPlaceholder="Search by name or email"
      useList={useUsers}
      failedTitle="Failed to fetch customers"
      emptyHint="New sign-ups will appear here"
      columns={COLUMNS}
      row={(user) => (
        <UserRow
          key={user.id}
          user={user}
          pending={setAgentStatus.isPending && setAgentStatus.variables.userId === user.id}
          onToggle={(u) => setAgentStatus.mutate({ userId: u.id, isAgent: !u.isAgent })}
        />
      )}
    />
  );
}

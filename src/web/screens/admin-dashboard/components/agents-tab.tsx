import { CalendarRange, Download } from 'lucide-react';
import type { AgentServiceRow, ServicePeriod } from '../../../../shared/api/service-metrics';
import { displayName, initials } from '../../../../shared/names';
import { ListField } from '../../../components/list-field';
import { buttonClasses } from '../../../components/ui/button';
import { formatNaira } from '../../../lib/format';
import { formatRange } from '../../../features/reports';
import {
  agentServiceCsvUrl,
  formatSeconds,
  useAgentService,
} from '../../../features/service-metrics';
import { formatCount } from '../lib/metrics';
import { ListCard, ListRow, type ListColumn } from './list-parts';

const PERIOD_OPTIONS = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
] as const satisfies readonly { value: ServicePeriod; label: string }[];

const PERIOD_NAMES: Record<ServicePeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

const COLUMNS: ListColumn[] = [
  { label: 'Agent', width: 'minmax(0,1.6fr)' },
  { label: 'Chats', width: '4.5rem', className: 'text-right' },
  { label: 'Median 1st reply', width: '8.5rem', className: 'text-right whitespace-nowrap' },
  { label: 'Resolved', width: '5rem', className: 'text-right' },
  { label: 'Orders', width: '4.5rem', className: 'text-right' },
  { label: 'Volume (₦)', width: '9rem', className: 'text-right' },
  { label: 'On Break', width: '6.5rem', className: 'text-right' },
];

export function AgentServiceRowView({ agent }: { agent: AgentServiceRow }) {
  const name = displayName(agent);
  return (
    <ListRow
      data-testid="agent-service-row"
      data-agent-id={agent.agentId}
      className="grid-cols-3 gap-x-3"
    >
      <div className="col-span-3 flex min-w-0 items-center gap-3 md:col-span-1">
        <span
          aria-hidden
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
        >
          {initials(agent)}
        </span>
        <div className="min-w-0 flex-1">
          <p data-testid="agent-name" className="truncate font-semibold">
            {name}
          </p>
          {agent.email && name !== agent.email && (
            <p className="truncate text-sm text-ink-muted">{agent.email}</p>
          )}
        </div>
      </div>
      <ListField label="Chats handled" testId="agent-chats" className="md:text-right">
        {formatCount(agent.chatsHandled)}
      </ListField>
      <ListField
        label="Median first response"
        testId="agent-first-response"
        className="md:text-right"
      >
        {formatSeconds(agent.medianFirstResponseSeconds)}
        {agent.firstResponses > 0 && (
          <span className="block text-xs text-ink-muted">
            of {formatCount(agent.firstResponses)}
          </span>
        )}
      </ListField>
      <ListField label="Resolved" testId="agent-resolved" className="md:text-right">
        {formatCount(agent.resolved)}
      </ListField>
      <ListField label="Orders completed" testId="agent-orders" className="md:text-right">
        {formatCount(agent.ordersCompleted)}
      </ListField>
      <ListField label="Orders volume" testId="agent-volume" className="md:text-right">
        <span className="font-semibold whitespace-nowrap">
          {formatNaira(agent.ordersVolumeNgn)}
        </span>
      </ListField>
      <ListField label="On Break" testId="agent-break" className="md:text-right">
        {agent.breakSeconds > 0 ? formatSeconds(agent.breakSeconds) : '-'}
      </ListField>
    </ListRow>
  );
}

/** The period the figures cover (the server's Lagos days), and the CSV of the same. */
function PeriodCaption({ period, q }: { period: ServicePeriod; q: string }) {
  const range = useAgentService(period, q).data?.pages[0]?.range;
  return (
    <div className="flex flex-col gap-2 border-b border-line px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <p data-testid="agents-period" className="flex items-center gap-2 text-sm font-bold">
        <CalendarRange aria-hidden className="size-4 shrink-0 text-brand-700" />
        {PERIOD_NAMES[period]}
        {range && (
          <span className="font-normal text-ink-muted">{formatRange(range)}, Lagos time</span>
        )}
      </p>
      <a
        href={agentServiceCsvUrl(period, q)}
        download
        className={buttonClasses({ variant: 'outline', className: 'text-sm' })}
      >
        <Download aria-hidden />
        Export agents (CSV)
      </a>
    </div>
  );
}

/**
 * The Agents tab: per agent, for today or the last 7 or 30 Lagos days, the chats they handled,
 * their median first response, chats resolved, orders completed and their naira volume, and
 * time on Break; the same as CSV.
 */
export function AgentsTab() {
  return (
    <ListCard
      label="Agents"
      filter={{ label: 'Period', options: PERIOD_OPTIONS, className: 'sm:w-72' }}
      searchPlaceholder="Search by name or email"
      useList={useAgentService}
      failedTitle="Failed to fetch agents"
      emptyHint="Agents will appear here once they are added"
      columns={COLUMNS}
      caption={(period, q) => <PeriodCaption period={period} q={q} />}
      row={(agent) => <AgentServiceRowView key={agent.agentId} agent={agent} />}
    />
  );
}

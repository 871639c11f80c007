import {
  AGENT_SERVICE_CSV_HEADER,
  type AgentServicePage,
} from '../../../shared/api/service-metrics';
import { displayName } from '../../../shared/names';
import { csvRow } from '../../platform/csv';

/** The Agents tab as CSV: one row per agent, the units in the column names. */
export function agentServiceCsv(page: AgentServicePage): string {
  const lines = page.items.map((a) =>
    csvRow([
      a.agentId,
      displayName(a),
      a.email,
      page.range.from,
      page.range.to,
      a.chatsHandled,
      a.firstResponses,
      a.medianFirstResponseSeconds,
      a.resolved,
      a.ordersCompleted,
      a.ordersVolumeNgn,
      a.breakSeconds,
    ]),
  );
  return csvRow([...AGENT_SERVICE_CSV_HEADER]) + lines.join('');
}

import type { Agent } from '../../../shared/api/agents';
import type { SessionUser } from '../../platform/sessions';

export function toAgent(row: SessionUser): Agent {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    agentType: row.agentType,
    isActive: row.isActive,
    isAdmin: row.isAdmin,
    twoFactorEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

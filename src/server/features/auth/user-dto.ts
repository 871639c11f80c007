import type { User } from '../../../shared/api/auth';
import type { SessionUser } from '../../platform/sessions';

/** A user row as the API shows it: never the password hash or the OIDC identity. */
export function toUser(row: SessionUser): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    customerStatus: row.customerStatus,
    isAgent: row.isAgent || row.isAdmin,
    isAdmin: row.isAdmin,
    agentType: row.agentType,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

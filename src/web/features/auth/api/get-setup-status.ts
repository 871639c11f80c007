import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSetupStatusSchema, type AdminSetupStatus } from '../../../../shared/api/auth';
import { apiGet } from '../../../lib/api-client';

/** GET /api/admin/setup-status: whether the one-time admin setup can still run. */
export function getSetupStatus(): Promise<AdminSetupStatus> {
  return apiGet('/api/admin/setup-status', adminSetupStatusSchema);
}

export const setupStatusQuery = queryOptions({
  queryKey: ['auth', 'setup-status'],
  queryFn: getSetupStatus,
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}

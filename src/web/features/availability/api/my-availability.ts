import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentAvailabilitySchema,
  type AgentAvailability,
  type AvailabilityState,
} from '../../../../shared/api/availability';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from './keys';

/** GET /api/availability/me. */
export function getMyAvailability(signal?: AbortSignal): Promise<AgentAvailability> {
  return apiGet('/api/availability/me', agentAvailabilitySchema, { signal });
}

/** PUT /api/availability/me: Online, Break or Offline. */
export function setMyAvailability(state: AvailabilityState): Promise<AgentAvailability> {
  return apiRequest('/api/availability/me', agentAvailabilitySchema, {
    method: 'PUT',
    json: { state },
  });
}

export function useMyAvailability() {
  return useQuery({
    queryKey: availabilityKeys.me(),
    queryFn: ({ signal }) => getMyAvailability(signal),
  });
}

export function useSetMyAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMyAvailability,
    onSuccess: (availability) => {
      queryClient.setQueryData(availabilityKeys.me(), availability);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.roster() });
    },
  });
}

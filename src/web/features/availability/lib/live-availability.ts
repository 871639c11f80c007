import type { QueryClient } from '@tanstack/react-query';
import type { LiveCapability } from '../../../lib/live-cache';
import { availabilityKeys } from '../api/keys';

/** Who is Online, on Break or Offline, and who holds how many chats, changed. */
function refetchAvailability(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
}

/** Availability, live (staff only): agents' states and the chats they hold. */
export const liveAvailability: LiveCapability = {
  on: {
    'agent.availability': refetchAvailability,
    'session.lifecycle': refetchAvailability,
  },
  roots: [availabilityKeys.all],
};

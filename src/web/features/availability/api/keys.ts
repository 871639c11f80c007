/** The availability feature's query keys; `agent.availability` events invalidate them all. */
export const availabilityKeys = {
  all: ['availability'] as const,
  me: () => ['availability', 'me'] as const,
  roster: () => ['availability', 'agents'] as const,
  desk: (desk: string) => ['availability', 'desk', desk] as const,
};

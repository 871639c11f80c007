import type { AgentType } from '../../../shared/domain';

/** The spec's Agent Specialization choices, in its order. */
export const AGENT_SPECIALIZATIONS: readonly { value: AgentType; label: string }[] = [
  { value: 'bitcoin', label: 'Bitcoin Specialist' },
  { value: 'usdt', label: 'USDT Specialist' },
  { value: 'general', label: 'General Support' },
];

export function specializationLabel(type: AgentType | null): string {
  return AGENT_SPECIALIZATIONS.find((s) => s.value === type)?.label ?? 'General Support';
}

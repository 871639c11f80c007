import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { displayName } from '../../../../shared/names';
import { categoryDetails } from '../categories';
import type { Viewer } from '../viewer';

/** Who the customer is talking to: the agent who replied ("Agent Ada"), else the desk. */
export function agentNameFor(session: ChatSession): string {
  const name = session.agent?.firstName?.trim() || session.agent?.lastName?.trim();
  return name ? `Agent ${name}` : categoryDetails(session.category).desk;
}

/** The other side's name, as the viewer calls them. */
export function otherPartyName(session: ChatSession, viewer: Viewer): string {
  return viewer === 'customer' ? agentNameFor(session) : displayName(session.customer);
}

import type { ChatCategory, ChatPriority } from '../../shared/domain';
import { Badge, type BadgeTone } from './badge';
import { CATEGORY_LABELS, PRIORITY_LABELS } from '../lib/labels';

/**
 * The desk a chat belongs to, "BTC" or "USDT", so one customer's two chats are told apart.
 * Other categories have no desk (their CategoryBadge says what they are).
 */
export function isDesk(category: ChatCategory | null | undefined): category is 'bitcoin' | 'usdt' {
  return category === 'bitcoin' || category === 'usdt';
}

export function DeskBadge({ category }: { category: ChatCategory | null | undefined }) {
  if (!isDesk(category)) return null;
  return (
    <Badge tone={category === 'bitcoin' ? 'btc' : 'usdt'} data-testid="desk" className="font-bold">
      <span className="sr-only">Desk: </span>
      {category === 'bitcoin' ? 'BTC' : 'USDT'}
    </Badge>
  );
}

/** Payment blue, subscription green, anything else purple; "General" when there is none. */
export function CategoryBadge({ category }: { category: ChatCategory | null | undefined }) {
  const tone: BadgeTone =
    category === 'payment' ? 'blue' : category === 'subscription' ? 'green' : 'purple';
  return (
    <Badge tone={tone} data-testid="category">
      {category ? CATEGORY_LABELS[category] : 'General'}
    </Badge>
  );
}

/** High red, low grey, anything else orange; "Normal" when there is none. */
export function PriorityBadge({ priority }: { priority: ChatPriority | null | undefined }) {
  const tone: BadgeTone = priority === 'high' ? 'red' : priority === 'low' ? 'grey' : 'orange';
  return (
    <Badge tone={tone} data-testid="priority">
      {priority ? PRIORITY_LABELS[priority] : 'Normal'}
    </Badge>
  );
}

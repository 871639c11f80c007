import type { ChatCategory, ChatPriority } from '../../../../shared/domain';
import { Badge, type BadgeTone } from './badge';

const CATEGORY_LABELS: Record<ChatCategory, string> = {
  bitcoin: 'Bitcoin',
  usdt: 'USDT',
  payment: 'Payment',
  subscription: 'Subscription',
  general: 'General',
};

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

const PRIORITY_LABELS: Record<ChatPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  medium: 'Medium',
  high: 'High',
};

/** High red, low grey, anything else orange; "Normal" when there is none. */
export function PriorityBadge({ priority }: { priority: ChatPriority | null | undefined }) {
  const tone: BadgeTone = priority === 'high' ? 'red' : priority === 'low' ? 'grey' : 'orange';
  return (
    <Badge tone={tone} data-testid="priority">
      {priority ? PRIORITY_LABELS[priority] : 'Normal'}
    </Badge>
  );
}

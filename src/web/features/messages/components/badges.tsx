import type { ChatCategory } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

/** The chat's category, upper case. */
export function CategoryBadge({
  category,
  tone = 'light',
  className,
}: {
  category: ChatCategory;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <span
      data-testid="category-badge"
      className={cn(
        'inline-flex items-center rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase',
        tone === 'dark'
          ? 'bg-white/12 text-gold-200 ring-1 ring-white/15'
          : 'bg-brand-50 text-brand-800',
        className,
      )}
    >
      {category}
    </span>
  );
}

import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** One point of a landing section's list: a brand icon tile beside its title and a line of text. */
export function IconPoint({
  icon: Icon,
  title,
  text,
  className,
  textClassName,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  /** The item's frame (a card, or none). */
  className?: string;
  textClassName?: string;
}) {
  return (
    <li className={cn('flex gap-4', className)}>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
        <Icon aria-hidden className="size-5" />
      </span>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className={cn('mt-1 text-ink-muted', textClassName)}>{text}</p>
      </div>
    </li>
  );
}

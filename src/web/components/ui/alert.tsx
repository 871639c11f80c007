import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A red message in the page (not a toast): what went wrong with the form above or below. */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-down/30 bg-down-soft px-3.5 py-3 text-sm font-medium text-down',
        className,
      )}
    >
      <CircleAlert aria-hidden className="mt-px size-[18px] shrink-0" />
      <p className="min-w-0 flex-1 break-words">{children}</p>
    </div>
  );
}

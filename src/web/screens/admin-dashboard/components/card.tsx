import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A white card with a title, as the rest of the portal draws them. */
export function Card({
  title,
  description,
  action,
  children,
  className,
  testId,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className={cn(
        'min-w-0 rounded-2xl bg-surface p-4 shadow-card ring-1 ring-black/5 sm:p-6',
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-bold tracking-tight sm:text-lg">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-ink-muted">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A field of a list's row: its label above the value on phones, a column on wider screens. */
export function ListField({
  label,
  children,
  className,
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <span className="block text-[11px] font-semibold tracking-wide text-ink-muted uppercase md:sr-only">
        {label}
      </span>
      <span data-testid={testId} className="block text-sm break-words tabular-nums">
        {children}
      </span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A band of the landing page below the hero: its background, and the page's column inside. */
export function LandingSection({
  id,
  labelledBy,
  tone,
  className,
  children,
}: {
  id: string;
  /** The id of the section's heading. */
  labelledBy: string;
  tone: 'canvas' | 'surface';
  /** The column's layout (e.g. a grid). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={tone === 'canvas' ? 'bg-canvas' : 'bg-surface'}
    >
      <div className={cn('mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20', className)}>
        {children}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';

/** A landing section's heading: a small line over the title (the section's h2). */
export function SectionHeading({
  id,
  eyebrow,
  children,
}: {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {children}
      </h2>
    </>
  );
}

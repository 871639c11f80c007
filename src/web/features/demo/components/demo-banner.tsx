import { FlaskConical } from 'lucide-react';

export function DemoBanner({ children }: { children: string }) {
  return (
    <p className="flex items-center justify-center gap-2 bg-gold-300 px-3 py-1.5 text-center text-sm font-semibold text-brand-950">
      <FlaskConical aria-hidden className="size-4 shrink-0" />
      {children}
    </p>
  );
}

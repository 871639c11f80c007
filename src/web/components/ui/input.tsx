import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A text input: 44 px tall (a comfortable touch target), 16 px text so phones do not zoom. */
export const inputClasses =
  'block min-h-11 w-full min-w-0 rounded-xl border border-line bg-white px-3.5 py-2 text-base text-ink shadow-xs transition-colors placeholder:text-ink-muted/70 hover:border-brand-300 focus-visible:border-brand-600 disabled:opacity-60 aria-invalid:border-down';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-semibold text-ink', className)} {...props} />;
}

import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Filters as tabs over one list (the inbox's All / Unread / Active). */
export function FilterTabs<T extends string>({
  value,
  onChange,
  options,
  label,
  children,
  contentClassName,
}: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  label: string;
  children: ReactNode;
  /** Padding around the list, where the screen wants it. */
  contentClassName?: string;
}) {
  return (
    <Tabs.Root value={value} onValueChange={(v) => onChange(v as T)}>
      <Tabs.List aria-label={label} className="mx-3 flex gap-1 rounded-2xl bg-canvas p-1 sm:mx-5">
        {options.map((option) => (
          <Tabs.Trigger
            key={option.value}
            value={option.value}
            className="min-h-11 flex-1 rounded-xl px-3 text-sm font-semibold text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
          >
            {option.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={value} className={cn('focus-visible:outline-none', contentClassName)}>
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}

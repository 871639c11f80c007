import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Colours for small labels; each text/background pair meets WCAG AA. */
export const BADGE_TONES = {
  green: 'bg-up-soft text-up ring-up/20',
  red: 'bg-down-soft text-down ring-down/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-700/20',
  yellow: 'bg-yellow-50 text-yellow-900 ring-yellow-600/30',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/20',
  purple: 'bg-purple-50 text-purple-800 ring-purple-700/20',
  teal: 'bg-brand-50 text-brand-800 ring-brand-700/20',
  gold: 'bg-gold-200 text-brand-950 ring-gold-500/30',
  // The desks, in the customer's choice cards' colours.
  btc: 'bg-[#fff1de] text-[#9a4d00] ring-[#9a4d00]/20',
  usdt: 'bg-[#dcf5ec] text-[#0d6b4e] ring-[#0d6b4e]/20',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({
  tone,
  children,
  className,
  ...rest
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
  'data-status'?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs leading-4 font-semibold ring-1 ring-inset',
        BADGE_TONES[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </span>
  );
}

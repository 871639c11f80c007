import { cn } from '../lib/cn';

const TONES = {
  /** On light surfaces: the favicon's colours. */
  dark: { tile: '#116352', bubble: '#ffffff', sign: '#116352', text: 'text-ink' },
  /** On the dark brand surfaces. */
  light: { tile: '#fbd27a', bubble: '#06251f', sign: '#fbd27a', text: 'text-white' },
} as const;

/** The product's mark, a naira sign in a chat bubble, and its name. */
export function BrandMark({
  name,
  className,
  tone = 'dark',
}: {
  name: string;
  className?: string;
  tone?: keyof typeof TONES;
}) {
  const colors = TONES[tone];
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" aria-hidden className="size-9 shrink-0">
        <rect width="64" height="64" rx="16" fill={colors.tile} />
        <path
          d="M16 17h32a5 5 0 0 1 5 5v17a5 5 0 0 1-5 5H31l-9 7v-7h-6a5 5 0 0 1-5-5V22a5 5 0 0 1 5-5z"
          fill={colors.bubble}
        />
        <path
          d="M26 37.5v-14l12 14v-14M22 28.5h20M22 32.5h20"
          stroke={colors.sign}
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      <span className={cn('text-lg', colors.text)}>{name}</span>
    </span>
  );
}

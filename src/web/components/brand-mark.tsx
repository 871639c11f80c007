import { cn } from '../lib/cn';

/** The product's mark (the favicon's chat bubble with a naira sign) and its name. */
export function BrandMark({
  name,
  className,
  tone = 'dark',
}: {
  name: string;
  className?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" aria-hidden className="size-9 shrink-0">
        <rect width="64" height="64" rx="16" fill={tone === 'light' ? '#fbd27a' : '#116352'} />
        <path
          d="M18 19h28a4 4 0 0 1 4 4v15a4 4 0 0 1-4 4H31l-9 7v-7h-4a4 4 0 0 1-4-4V23a4 4 0 0 1 4-4z"
          fill={tone === 'light' ? '#06251f' : '#fff'}
        />
        <path
          d="M26 37V25l12 12V25M23 29h18M23 33h18"
          stroke={tone === 'light' ? '#fbd27a' : '#116352'}
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      <span className={cn('text-lg', tone === 'light' ? 'text-white' : 'text-ink')}>{name}</span>
    </span>
  );
}

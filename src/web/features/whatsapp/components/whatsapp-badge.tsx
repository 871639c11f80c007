import { cn } from '../../../lib/cn';
import { formatWhatsappNumber } from '../lib/whatsapp-window';

/** "WhatsApp +234 803 111 2222": the chat came from the WhatsApp channel (staff's views). */
export function WhatsappBadge({
  number,
  tone = 'light',
  className,
}: {
  number: string;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <span
      data-testid="whatsapp-badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-[11px] font-semibold',
        tone === 'dark'
          ? 'bg-emerald-400/15 text-emerald-200 ring-1 ring-emerald-300/30'
          : 'bg-emerald-50 text-emerald-800',
        className,
      )}
    >
      WhatsApp <span className="font-normal tabular-nums">{formatWhatsappNumber(number)}</span>
    </span>
  );
}

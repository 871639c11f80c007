import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '../../lib/cn';
import { TOAST_DEFAULT_DURATION_MS, type Toast, type ToastStore } from '../../lib/toast';

const variantClasses: Record<NonNullable<Toast['variant']>, string> = {
  default: 'border-line bg-surface text-ink',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  destructive: 'border-down/30 bg-down-soft text-down',
};

/** One toast: closes itself after its duration, or by its close button. */
export default function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const duration = toast.duration ?? TOAST_DEFAULT_DURATION_MS;
  useEffect(() => {
    if (!Number.isFinite(duration)) return;
    const timer = setTimeout(() => store.dismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [store, toast.id, duration]);

  const variant = toast.variant ?? 'default';
  const Icon = variant === 'destructive' ? CircleAlert : variant === 'success' ? CircleCheck : null;
  return (
    // The live role sits inside the list item: an <ol> may only hold <li>s (axe: list).
    <li className="pointer-events-auto">
      <div
        role={variant === 'destructive' ? 'alert' : 'status'}
        className={cn(
          'flex w-full items-start gap-3 rounded-xl border p-4 shadow-card',
          variantClasses[variant],
        )}
      >
        {Icon && <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />}
        <div className="min-w-0 flex-1">
          {toast.title && <p className="font-semibold">{toast.title}</p>}
          {toast.description && (
            <p className="mt-0.5 text-sm whitespace-pre-line opacity-90">{toast.description}</p>
          )}
        </div>
        <button
          type="button"
          onClick={() => store.dismiss(toast.id)}
          aria-label="Close"
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg opacity-70 hover:opacity-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}

import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';

/** One fact the person confirms: "Customer", "Total". */
export interface ConfirmFact {
  label: string;
  value: ReactNode;
}

/**
 * Asks before an irreversible action (complete or fail a trade, ban a customer), showing what
 * it acts on. Open while `open`; Cancel, Escape or the close button call `onCancel`.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  facts,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  facts: readonly ConfirmFact[];
  confirmLabel: string;
  /** The button that leaves things as they are, when "Cancel" would be ambiguous. */
  cancelLabel?: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent title={title} description={description}>
        <dl className="divide-y divide-line rounded-2xl border border-line px-4">
          {facts.map((fact) => (
            <div key={fact.label} className="flex items-baseline justify-between gap-3 py-2.5">
              <dt className="shrink-0 text-sm text-ink-muted">{fact.label}</dt>
              <dd
                data-testid={`confirm-${fact.label.toLowerCase()}`}
                className="min-w-0 text-right font-semibold break-words tabular-nums"
              >
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">{cancelLabel}</Button>
          </DialogClose>
          <Button variant={danger ? 'danger' : 'primary'} disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

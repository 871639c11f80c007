import { ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { RateGuardRefusal } from '../../../../shared/api/rates';
import { guardConfirmationSchema } from '../../../../shared/market-guard';
import { dec, formatNaira } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** "-99.99 %" below, "+12.50 %" above; the sign says which side of the market it is. */
function deviationText(percent: string): string {
  const d = dec(percent);
  return `${d.isNegative() ? '−' : '+'}${d.abs().toFixed(2)} %`;
}

/** The reason the agent gives; its state goes when the dialog closes. */
function ReasonForm({
  pending,
  onConfirm,
}: {
  pending: boolean;
  onConfirm: (reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = guardConfirmationSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    onConfirm(parsed.data.reason);
  };

  return (
    <form className="mt-4 grid gap-1.5" onSubmit={submit} noValidate>
      <Label htmlFor={`${id}-reason`}>Reason</Label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        value={reason}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
        placeholder="Why these rates are right"
        className={cn(inputClasses, 'resize-y')}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
      {error && (
        <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-down">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          <ShieldAlert aria-hidden />
          {pending ? 'Saving...' : 'Save anyway'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The server refused a save past the market guard: each figure with its deviation in percent
 * (or "no market price"), and a reason the agent must give to save it anyway. The reason is
 * sent with the same save and audited.
 */
export function GuardConfirmDialog({
  refusal,
  pending,
  onConfirm,
  onCancel,
}: {
  /** The 409's figures; null keeps the dialog closed. */
  refusal: RateGuardRefusal | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={refusal !== null} onOpenChange={(open) => !open && onCancel()}>
      {refusal && (
        <DialogContent
          title="Confirm rates outside the market guard"
          description={`These figures are more than ${refusal.guardPercent} % from the market, or there is no market price to check them. Customers are never shown a rate outside the guard.`}
        >
          <ul className="flex flex-col gap-2" data-testid="guard-deviations">
            {refusal.deviations.map((d) => (
              <li
                key={d.label}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-2xl border border-line p-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{d.label}</p>
                  <p className="text-sm text-ink-muted tabular-nums">
                    {formatNaira(d.value)}
                    {d.reference !== null && ` vs ${formatNaira(d.reference)}`}
                  </p>
                </div>
                <p
                  className={cn(
                    'font-bold tabular-nums',
                    d.deviationPercent === null ? 'text-yellow-900' : 'text-down',
                  )}
                >
                  {d.deviationPercent === null
                    ? 'No market price'
                    : deviationText(d.deviationPercent)}
                </p>
              </li>
            ))}
          </ul>
          <ReasonForm pending={pending} onConfirm={onConfirm} />
        </DialogContent>
      )}
    </Dialog>
  );
}

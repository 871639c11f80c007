import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { ConfirmDialog, type ConfirmFact } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useOrderAction } from '../lib/use-order-action';

export interface ActionConfirmation {
  title: string;
  description: string;
  facts: readonly ConfirmFact[];
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** One click that moves the order; an irreversible one asks first, showing what it acts on. */
export function ButtonAction({
  label,
  variant,
  run,
  confirm,
  failed,
}: {
  label: string;
  variant?: ButtonStyle['variant'];
  run: (idempotencyKey: string) => Promise<unknown>;
  confirm?: ActionConfirmation;
  /** What to say when the server gives no reason. */
  failed: string;
}) {
  const action = useOrderAction(run);
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={variant}
        disabled={action.pending}
        onClick={() => (confirm ? setAsking(true) : action.submit())}
      >
        {label}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          {...confirm}
          pending={action.pending}
          onConfirm={() => {
            setAsking(false);
            action.submit();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {action.error !== null && <ErrorAlert>{errorText(action.error, failed)}</ErrorAlert>}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { useOrderAction } from '../lib/use-order-action';
import type { ActionConfirmation } from './button-action';

/** An action that takes one text (a tx hash, a bank reference, a note), checked before sending. */
export function FieldAction({
  label,
  placeholder,
  submitLabel,
  variant,
  multiline = false,
  validate,
  run,
  confirm,
  failed,
}: {
  label: string;
  placeholder?: string;
  submitLabel: string;
  variant?: ButtonStyle['variant'];
  multiline?: boolean;
  /** The problem with the text, in words, or null. */
  validate: (value: string) => string | null;
  run: (value: string, idempotencyKey: string) => Promise<unknown>;
  /** An irreversible action asks first, showing the text with what it acts on. */
  confirm?: (value: string) => ActionConfirmation;
  failed: string;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const action = useOrderAction((key) => run(value.trim(), key));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(value.trim());
    setProblem(found);
    if (found) return;
    if (confirm) setAsking(true);
    else action.submit();
  };
  const onChange = (next: string) => {
    setValue(next);
    setProblem(null);
    action.changed();
  };
  const fieldProps = {
    id,
    value,
    placeholder,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    className: cn(inputClasses, multiline && 'min-h-20 resize-y'),
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <textarea {...fieldProps} rows={2} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...fieldProps}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-medium text-down">
          {problem}
        </p>
      )}
      <Button type="submit" variant={variant} disabled={action.pending}>
        {submitLabel}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          {...confirm(value.trim())}
          pending={action.pending}
          onConfirm={() => {
            setAsking(false);
            action.submit();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {action.error !== null && <ErrorAlert>{errorText(action.error, failed)}</ErrorAlert>}
    </form>
  );
}

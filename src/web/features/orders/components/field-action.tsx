import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { TextField } from '../../../components/text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        problem={problem}
        multiline={multiline}
      />
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

import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { TextField } from '../../../components/text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { cn } from '../../../lib/cn';
import { useOrderAction } from '../lib/use-order-action';
import { usePickedImage, type PickedImage, type PickedImageState } from '../lib/use-picked-image';
import type { ActionConfirmation } from './button-action';
import { ImagePicker } from './image-picker';

/**
 * An action that takes one text (a tx hash, a bank reference, a note), checked before sending,
 * and maybe an image to go into the chat with it (a deposit's screenshot, a payout's proof).
 */
export function FieldAction({
  label,
  placeholder,
  image,
  submitLabel,
  variant,
  multiline = false,
  validate,
  run,
  confirm,
  override,
  failed,
}: {
  label: string;
  placeholder?: string;
  image?: {
    label: string;
    hint: string;
    /** What to say when none is picked; without it the image is optional. */
    missing?: string;
    /** The picked image's state when it must outlive this form (kept by its parent). */
    state?: PickedImageState;
  };
  submitLabel: string;
  variant?: ButtonStyle['variant'];
  multiline?: boolean;
  /** The problem with the text, in words, or null. */
  validate: (value: string) => string | null;
  /**
   * `picked`: the image, when the action takes one and one is picked. `overrideReason`: why the
   * person answered a refusal the server lets them override (`override`), else null.
   */
  run: (
    value: string,
    idempotencyKey: string,
    picked: PickedImage | null,
    overrideReason: string | null,
  ) => Promise<unknown>;
  /** An irreversible action asks first, showing the text with what it acts on. */
  confirm?: (value: string, picked: PickedImage | null) => ActionConfirmation;
  /**
   * A refusal the person may answer with "do it anyway": under the server's text (which says
   * what its check read), a reason of at least `reasonMin` characters and a button.
   */
  override?: {
    applies: (error: unknown) => boolean;
    label: string;
    reasonLabel: string;
    reasonMin: number;
  };
  failed: string;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const own = usePickedImage();
  const attachment = image?.state ?? own;
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const overrideReason = useRef<string | null>(null);
  const action = useOrderAction((key) =>
    run(value.trim(), key, attachment.picked, overrideReason.current),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(value.trim());
    setProblem(found);
    const missing = attachment.picked ? null : (image?.missing ?? null);
    if (missing) attachment.setProblem(missing);
    if (found || missing) return;
    overrideReason.current = null;
    if (confirm) setAsking(true);
    else action.submit();
  };
  const onChange = (next: string) => {
    setValue(next);
    setProblem(null);
    action.changed();
  };
  return (
    // The image picker under the field wants more room than a field and a button alone.
    <form noValidate onSubmit={submit} className={cn('flex flex-col', image ? 'gap-3' : 'gap-2')}>
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        problem={problem}
        multiline={multiline}
      />
      {image && (
        <ImagePicker
          label={image.label}
          hint={image.hint}
          image={attachment}
          onChange={action.changed}
        />
      )}
      <Button type="submit" variant={variant} disabled={action.pending}>
        {submitLabel}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          {...confirm(value.trim(), attachment.picked)}
          pending={action.pending}
          onConfirm={() => {
            setAsking(false);
            action.submit();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {action.error !== null && <ErrorAlert>{errorText(action.error, failed)}</ErrorAlert>}
      {override && action.error !== null && override.applies(action.error) && (
        <>
          <TextField
            id={reasonId}
            label={override.reasonLabel}
            value={reason}
            onChange={(next) => {
              setReason(next);
              setReasonProblem(null);
            }}
            problem={reasonProblem}
            multiline
          />
          <Button
            type="button"
            variant="outline"
            disabled={action.pending}
            onClick={() => {
              const why = reason.trim();
              if (why.length < override.reasonMin) {
                setReasonProblem(`At least ${override.reasonMin} characters`);
                return;
              }
              overrideReason.current = why;
              action.submit();
            }}
          >
            {override.label}
          </Button>
        </>
      )}
    </form>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { ATTACHMENT_TYPES } from '../../../../shared/api/messages';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { PickedImageState } from '../lib/use-picked-image';

/**
 * Picks one image (JPEG, PNG or WebP) for an order step: a button while none is picked, then
 * its preview with a way to take it off. It is sent into the chat when the step is sent.
 */
export function ImagePicker({
  label,
  hint,
  image,
  onChange,
}: {
  label: string;
  hint: string;
  image: PickedImageState;
  /** After a pick or a removal. */
  onChange: () => void;
}) {
  const id = useId();
  const { picked, problem } = image;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-semibold text-ink">
        {label}
      </span>
      {picked ? (
        <div className="flex items-center gap-3 rounded-xl bg-canvas p-2 ring-1 ring-line">
          <img
            src={picked.previewUrl}
            alt={`${label}: ${picked.file.name}`}
            data-testid="picked-image"
            className="size-16 shrink-0 rounded-lg object-cover"
          />
          <span className="min-w-0 flex-1 truncate text-sm text-ink">{picked.file.name}</span>
          <Button
            variant="ghost"
            className="px-2.5"
            onClick={() => {
              image.clear();
              onChange();
            }}
          >
            <X aria-hidden />
            <span className="sr-only">Remove {label.toLowerCase()}</span>
          </Button>
        </div>
      ) : (
        <label className={buttonClasses({ variant: 'outline', className: 'cursor-pointer' })}>
          <ImagePlus aria-hidden />
          Choose image
          <input
            type="file"
            accept={ATTACHMENT_TYPES.join(',')}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              image.pick(file);
              onChange();
            }}
          />
        </label>
      )}
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {hint}
      </p>
      {problem && <p className="text-sm font-medium text-down">{problem}</p>}
    </div>
  );
}

import { SendHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/api/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { LengthCounter } from './length-counter';

/** An image the viewer picked, with a local address that shows it. */
export interface PickedImage {
  file: File;
  previewUrl: string;
}

function CaptionForm({
  picked,
  onSend,
}: {
  picked: PickedImage;
  onSend: (file: File, caption: string) => void;
}) {
  const [caption, setCaption] = useState('');
  const length = caption.trim().length;
  // Refused whole, never cut: the counter says how much to remove (the server refuses it too).
  const tooLong = length > MESSAGE_MAX_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through the portal to the composer's own form: this submit is not its.
    event.stopPropagation();
    if (tooLong) return;
    onSend(picked.file, caption.trim());
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex justify-center overflow-hidden rounded-2xl bg-canvas ring-1 ring-line">
        <img
          src={picked.previewUrl}
          alt="Image to send"
          data-testid="image-preview"
          className="block max-h-[50dvh] w-auto max-w-full object-contain"
        />
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        Caption (optional)
        <input
          type="text"
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          placeholder="Add a caption..."
          aria-invalid={tooLong || undefined}
          enterKeyHint="send"
          className="min-h-11 rounded-xl border border-line bg-canvas px-3.5 text-[15px] font-normal text-ink placeholder:text-ink-muted/80 focus:border-brand-600 focus:bg-surface focus:ring-2 focus:ring-brand-600/40 focus:outline-none aria-invalid:border-down"
        />
      </label>
      <LengthCounter length={length} className="-mt-3" />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={tooLong}>
          <SendHorizontal aria-hidden />
          Send image
        </Button>
      </div>
    </form>
  );
}

/**
 * The picked image before it is sent: what will go, and an optional caption sent with it.
 * Closing it (Cancel, Escape, the cross) sends nothing.
 */
export function ImageSendDialog({
  picked,
  onSend,
  onClose,
}: {
  /** Null when nothing is picked: the dialog is closed. */
  picked: PickedImage | null;
  onSend: (file: File, caption: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={picked !== null} onOpenChange={(open) => !open && onClose()}>
      {picked && (
        <DialogContent title="Send image">
          {/* Keyed by the image: a new pick starts with an empty caption. */}
          <CaptionForm key={picked.previewUrl} picked={picked} onSend={onSend} />
        </DialogContent>
      )}
    </Dialog>
  );
}

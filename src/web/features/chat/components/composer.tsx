import { ImagePlus, SendHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ATTACHMENT_TYPES, MESSAGE_MAX_LENGTH } from '../../../../shared/api/chat';
import { toast } from '../../../lib/toast';
import { imageProblem } from '../api/upload-attachment';
import { ImageSendDialog, type PickedImage } from './image-send-dialog';

/** The tallest the input grows before it scrolls. */
const MAX_INPUT_HEIGHT_PX = 160;

/**
 * Where the viewer writes: Enter sends, Shift+Enter starts a new line; the send button is
 * disabled while the text is blank or a message is being sent. The image button picks a
 * screenshot (JPEG, PNG or WebP up to 10 MB, checked here and on the server), shown with an
 * optional caption before it is sent.
 */
export function Composer({
  onSendText,
  onSendImage,
}: {
  onSendText: (content: string) => Promise<void>;
  onSendImage: (file: File, caption: string) => void;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const blank = text.trim() === '';

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [text]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank || sending) return;
    const content = text.trim();
    setText('');
    setSending(true);
    try {
      await onSendText(content);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  function onFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      toast({ title: 'Cannot send this image', description: problem, variant: 'destructive' });
      return;
    }
    setPicked({ file, previewUrl: URL.createObjectURL(file) });
  }

  function closePicked() {
    if (picked) URL.revokeObjectURL(picked.previewUrl);
    setPicked(null);
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex shrink-0 items-end gap-2 border-t border-line bg-surface px-2 py-2 sm:px-4"
    >
      <input
        ref={fileInput}
        type="file"
        accept={ATTACHMENT_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="attach-input"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <ImageSendDialog
        picked={picked}
        onClose={closePicked}
        onSend={(file, caption) => {
          closePicked();
          onSendImage(file, caption);
        }}
      />
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        aria-label="Attach a screenshot"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
      >
        <ImagePlus aria-hidden className="size-[22px]" />
      </button>
      <textarea
        ref={input}
        rows={1}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Type your message..."
        aria-label="Message"
        maxLength={MESSAGE_MAX_LENGTH}
        enterKeyHint="send"
        className="block max-h-40 min-h-11 flex-1 resize-none rounded-3xl border border-line bg-canvas px-4 py-[10px] text-[15px] leading-snug text-ink placeholder:text-ink-muted/80 focus:border-brand-600 focus:bg-surface focus:ring-2 focus:ring-brand-600/40 focus:outline-none"
      />
      <button
        type="submit"
        disabled={blank || sending}
        aria-label="Send message"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow-sm transition-colors hover:bg-brand-800 disabled:bg-brand-700/35 disabled:shadow-none"
      >
        <SendHorizontal aria-hidden className="size-5" />
      </button>
    </form>
  );
}

import { ImagePlus, Lock, SendHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ATTACHMENT_TYPES, MESSAGE_MAX_LENGTH } from '../../../../shared/api/messages';
import type { CannedReply } from '../../../../shared/api/canned-replies';
import { RadioButtons } from '../../../components/radio-buttons';
import { cn } from '../../../lib/cn';
import {
  CannedReplyPicker,
  PICKER_ID,
  unfilledIn,
  useCannedReplyPicker,
} from '../../../features/canned-replies';
import {
  imageProblem,
  ImageSendDialog,
  LengthCounter,
  type PickedImage,
} from '../../../features/messages';
import { toast } from '../../../lib/toast';

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
  onSendNote,
  onType,
  cannedReplies,
}: {
  onSendText: (content: string) => Promise<void>;
  onSendImage: (file: File, caption: string) => void;
  /** Agents: the "Reply / Private note" toggle; a note goes to staff alone. */
  onSendNote?: (content: string) => Promise<void>;
  /** The viewer typed in a reply (not a note: the customer never hears of those). */
  onType?: () => void;
  /** Agents: canned replies, picked after `/`, and how a reply's variables are filled here. */
  cannedReplies?: {
    replies: readonly CannedReply[] | undefined;
    fill: (content: string) => string;
  };
}) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const noting = mode === 'note' && onSendNote !== undefined;
  const picker = useCannedReplyPicker(
    text,
    cannedReplies?.replies,
    cannedReplies?.fill ?? ((content) => content),
  );
  const activeOption = picker.open ? picker.matches[picker.active] : undefined;
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const blank = text.trim() === '';
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  // A canned reply's variable this chat has no value for: the agent fills it in or removes it.
  const unfilled = cannedReplies ? unfilledIn(text) : [];
  const blocked = blank || tooLong || unfilled.length > 0;

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [text]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blocked || sending) return;
    const content = text.trim();
    setText('');
    setSending(true);
    try {
      await (noting ? onSendNote(content) : onSendText(content));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const picked = picker.onKeyDown(event);
    if (picked.used) {
      event.preventDefault();
      if (picked.insert !== undefined) setText(picked.insert);
      return;
    }
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
      data-mode={noting ? 'note' : 'reply'}
      className={cn(
        'shrink-0 border-t border-line px-2 py-2 sm:px-4',
        noting ? 'bg-amber-50' : 'bg-surface',
      )}
    >
      {onSendNote && (
        <RadioButtons
          label="Write a"
          value={mode}
          options={['reply', 'note'] as const}
          onChange={(m) => {
            setMode(m);
            input.current?.focus();
          }}
          className="mb-1.5 flex gap-1 text-xs font-semibold"
          buttonClassName={(checked, m) =>
            cn(
              // 32 px to the eye, 44 px to a finger: the hit area reaches 6 px above and below.
              'relative inline-flex min-h-8 items-center gap-1 rounded-full px-3 after:absolute after:inset-x-0 after:-inset-y-1.5',
              checked
                ? m === 'note'
                  ? 'bg-amber-200 text-amber-900'
                  : 'bg-brand-100 text-brand-900'
                : 'text-ink-muted hover:bg-canvas',
            )
          }
        >
          {(m) => (
            <>
              {m === 'note' && <Lock aria-hidden className="size-3.5" />}
              {m === 'reply' ? 'Reply' : 'Private note'}
            </>
          )}
        </RadioButtons>
      )}
      <CannedReplyPicker
        state={picker}
        onPick={(filled) => {
          setText(filled);
          input.current?.focus();
        }}
      />
      <div className="flex items-end gap-2">
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
        {/* A note is text only: an image would go to the customer. */}
        {!noting && (
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            aria-label="Attach a screenshot"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
          >
            <ImagePlus aria-hidden className="size-[22px]" />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <textarea
            ref={input}
            rows={1}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!noting && e.target.value.trim() !== '') onType?.();
            }}
            onKeyDown={onKeyDown}
            placeholder={noting ? 'Private note: only agents see it...' : 'Type your message...'}
            aria-label={noting ? 'Private note' : 'Message'}
            // The agents' inbox's shortcuts find the reply box by this (focus reply, canned replies).
            data-reply-box
            aria-invalid={tooLong || unfilled.length > 0 || undefined}
            // A textarea may not be a combobox (nor carry aria-expanded): it says it suggests
            // from a list, points at the list while one is shown and at its chosen option.
            {...(cannedReplies
              ? {
                  'aria-autocomplete': 'list' as const,
                  ...(picker.open && picker.matches.length > 0
                    ? { 'aria-controls': PICKER_ID }
                    : {}),
                  ...(activeOption
                    ? { 'aria-activedescendant': `${PICKER_ID}-${activeOption.id}` }
                    : {}),
                }
              : {})}
            enterKeyHint="send"
            className="block max-h-40 min-h-11 w-full resize-none rounded-3xl border border-line bg-canvas px-4 py-[10px] text-[15px] leading-snug text-ink placeholder:text-ink-muted/80 focus:border-brand-600 focus:bg-surface focus:ring-2 focus:ring-brand-600/40 focus:outline-none aria-invalid:border-down aria-invalid:focus:ring-down/40"
          />
          <LengthCounter length={length} className="px-4" />
          {unfilled.length > 0 && (
            <p
              data-testid="unfilled-variables"
              aria-live="polite"
              className="px-4 pt-1 text-xs font-semibold text-down"
            >
              Not sent: replace {unfilled.join(', ')} with the real value, or remove it.
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={blocked || sending}
          aria-label={noting ? 'Add private note' : 'Send message'}
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white shadow-sm transition-colors disabled:shadow-none',
            noting
              ? 'bg-amber-600 hover:bg-amber-700 disabled:bg-amber-600/35'
              : 'bg-brand-700 hover:bg-brand-800 disabled:bg-brand-700/35',
          )}
        >
          <SendHorizontal aria-hidden className="size-5" />
        </button>
      </div>
    </form>
  );
}

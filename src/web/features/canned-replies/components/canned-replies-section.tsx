import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  CANNED_REPLY_VARIABLES,
  createCannedReplyRequestSchema,
  type CannedReply,
} from '../../../../shared/api/canned-replies';
import { Button } from '../../../components/ui/button';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/canned-replies';

/** The id of the agent's own replies on the agent dashboard: `/agent/dashboard#my-replies`. */
export const MY_REPLIES_ID = 'my-replies';
/** Where an agent manages their own replies (the `/` picker links here). */
export const MY_REPLIES_PATH = `/agent/dashboard#${MY_REPLIES_ID}`;

type Field = 'shortcut' | 'content';

function ReplyForm({
  initial,
  scope,
  onDone,
}: {
  initial?: CannedReply;
  scope: CannedReply['scope'];
  onDone?: () => void;
}) {
  const [shortcut, setShortcut] = useState(initial?.shortcut ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  // What the server's own schema says of the fields, checked before sending.
  const [problems, setProblems] = useState<{ field: Field; message: string }[]>([]);
  const save = useSaveCannedReply();
  const prefix = initial ? `edit-${initial.id}` : `new-${scope}`;
  const errorId = `${prefix}-error`;
  const invalid = (field: Field) =>
    problems.some((p) => p.field === field)
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId }
      : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createCannedReplyRequestSchema.safeParse({ scope, shortcut, content });
    if (!parsed.success) {
      setProblems(
        parsed.error.issues.map((issue) => ({
          field: issue.path[0] === 'content' ? 'content' : 'shortcut',
          message: issue.message,
        })),
      );
      return;
    }
    setProblems([]);
    const checked = { shortcut: parsed.data.shortcut, content: parsed.data.content };
    save.mutate(initial ? { id: initial.id, ...checked } : { scope, ...checked }, {
      onSuccess: () => {
        if (!initial) {
          setShortcut('');
          setContent('');
        }
        onDone?.();
      },
    });
  }

  const shown =
    problems.length > 0
      ? problems.map((p) => p.message)
      : save.error
        ? [errorText(save.error, 'Could not save the reply')]
        : [];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2"
      aria-label={initial ? `Edit /${initial.shortcut}` : 'New reply'}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${prefix}-shortcut`}>Shortcut</Label>
        <Input
          id={`${prefix}-shortcut`}
          value={shortcut}
          onChange={(e) => setShortcut(e.target.value)}
          placeholder="welcome"
          maxLength={32}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...invalid('shortcut')}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${prefix}-content`}>Reply</Label>
        <textarea
          id={`${prefix}-content`}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={3}
          className={cn(inputClasses, 'h-auto py-2')}
          placeholder="Hello {customer.firstName}, our BTC rate is {rate.bitcoin.sell}."
          {...invalid('content')}
        />
      </div>
      {shown.length > 0 && (
        <div id={errorId} role="alert" className="text-sm text-down">
          {shown.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {initial ? 'Save' : 'Add reply'}
        </Button>
        {onDone && initial && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** Edit and Delete beside a reply: icons, 44 px touch targets, leaving the text the width. */
const ICON_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-xl transition-colors disabled:opacity-60';

function ReplyRow({ reply, readOnly }: { reply: CannedReply; readOnly: boolean }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteCannedReply();
  if (editing)
    return (
      <li className="py-2">
        <ReplyForm initial={reply} scope={reply.scope} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li data-testid="canned-reply" className="flex flex-col gap-2 py-2">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-ink">/{reply.shortcut}</p>
          <p className="text-sm break-words whitespace-pre-wrap text-ink-muted">{reply.content}</p>
        </div>
        {!readOnly && (
          <div className="-mt-2 -mr-2 flex shrink-0">
            <button
              type="button"
              onClick={() => setEditing(true)}
              aria-label={`Edit /${reply.shortcut}`}
              title="Edit"
              className={cn(ICON_BUTTON, 'text-brand-800 hover:bg-brand-50')}
            >
              <Pencil aria-hidden className="size-[18px]" />
            </button>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => remove.mutate(reply.id)}
              aria-label={`Delete /${reply.shortcut}`}
              title="Delete"
              className={cn(ICON_BUTTON, 'text-down hover:bg-down-soft')}
            >
              <Trash2 aria-hidden className="size-[18px]" />
            </button>
          </div>
        )}
      </div>
      {remove.error && (
        <p role="alert" className="text-sm text-down">
          {errorText(remove.error, `Could not delete /${reply.shortcut}`)}
        </p>
      )}
    </li>
  );
}

const TEXTS = {
  team: {
    label: 'Team replies',
    title: 'Team canned replies',
    about: 'Every agent can insert these by typing / in a reply.',
  },
  personal: {
    label: 'My replies',
    title: 'My canned replies',
    about: 'Only you see these; insert them by typing / in a reply.',
  },
} as const;

/**
 * Canned replies of one scope: the team's (the admin dashboard manages them; admins alone may
 * change them) or the agent's own (the agent dashboard). Lists them, adds, edits and deletes;
 * names the variables a reply may hold. `readOnly` lists them alone: the team's on the agent
 * dashboard, where no one changes them.
 */
export function CannedRepliesSection({
  scope,
  readOnly = false,
  id,
  className,
}: {
  scope: CannedReply['scope'];
  readOnly?: boolean;
  id?: string;
  /** The card's corners and shadow, to match the screen (`rounded-xl shadow-sm` unless given). */
  className?: string;
}) {
  const replies = useCannedReplies();
  const shown = replies.data?.filter((r) => r.scope === scope) ?? [];
  const texts = TEXTS[scope];
  return (
    <section
      id={id}
      aria-label={texts.label}
      className={cn(
        'flex scroll-mt-4 flex-col gap-4 bg-surface p-4 ring-1 ring-black/5',
        className ?? 'rounded-xl shadow-sm',
      )}
    >
      <div>
        <h2 className="text-lg font-semibold text-ink">{texts.title}</h2>
        <p className="text-sm text-ink-muted">
          {texts.about}{' '}
          {readOnly
            ? 'Admins change them on the Admin Dashboard.'
            : `Variables: ${Object.keys(CANNED_REPLY_VARIABLES).join(', ')}.`}
        </p>
      </div>
      {replies.isError ? (
        <p role="alert" className="text-sm text-down">
          {errorText(replies.error, 'Could not load the replies')}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {replies.isLoading ? 'Loading…' : 'No replies yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {shown.map((reply) => (
            <ReplyRow key={reply.id} reply={reply} readOnly={readOnly} />
          ))}
        </ul>
      )}
      {!readOnly && <ReplyForm scope={scope} />}
    </section>
  );
}

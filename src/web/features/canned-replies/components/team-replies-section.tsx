import { useState, type FormEvent } from 'react';
import { CANNED_REPLY_VARIABLES, type CannedReply } from '../../../../shared/api/canned-replies';
import { Button } from '../../../components/ui/button';
import { Input, inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/canned-replies';

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
  const save = useSaveCannedReply();
  const prefix = initial ? `edit-${initial.id}` : `new-${scope}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(initial ? { id: initial.id, shortcut, content } : { scope, shortcut, content }, {
      onSuccess: () => {
        if (!initial) {
          setShortcut('');
          setContent('');
        }
        onDone?.();
      },
    });
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2"
      aria-label={initial ? 'Edit reply' : 'New reply'}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${prefix}-shortcut`}>Shortcut</Label>
        <Input
          id={`${prefix}-shortcut`}
          value={shortcut}
          onChange={(e) => setShortcut(e.target.value)}
          placeholder="welcome"
          maxLength={32}
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
        />
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-down">
          {errorText(save.error, 'Could not save the reply')}
        </p>
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

function ReplyRow({ reply }: { reply: CannedReply }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteCannedReply();
  if (editing)
    return (
      <li className="py-2">
        <ReplyForm initial={reply} scope={reply.scope} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li data-testid="canned-reply" className="flex items-start gap-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">/{reply.shortcut}</p>
        <p className="text-sm break-words whitespace-pre-wrap text-ink-muted">{reply.content}</p>
      </div>
      <Button type="button" variant="outline" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button
        type="button"
        variant="danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate(reply.id)}
        aria-label={`Delete /${reply.shortcut}`}
      >
        Delete
      </Button>
    </li>
  );
}

/**
 * Canned replies of one scope: the team's (the admin dashboard; admins alone may change them)
 * or the agent's own. Lists them, adds, edits and deletes; names the variables a reply may hold.
 */
export function TeamRepliesSection({ scope = 'team' }: { scope?: CannedReply['scope'] }) {
  const replies = useCannedReplies();
  const mine = replies.data?.filter((r) => r.scope === scope) ?? [];
  return (
    <section
      aria-label={scope === 'team' ? 'Team replies' : 'My replies'}
      className="flex flex-col gap-4 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-black/5"
    >
      <div>
        <h2 className="text-lg font-semibold text-ink">
          {scope === 'team' ? 'Team canned replies' : 'My canned replies'}
        </h2>
        <p className="text-sm text-ink-muted">
          {scope === 'team'
            ? 'Every agent can insert these by typing / in a reply.'
            : 'Only you see these; insert them by typing / in a reply.'}{' '}
          Variables: {Object.keys(CANNED_REPLY_VARIABLES).join(', ')}.
        </p>
      </div>
      {replies.isError ? (
        <p role="alert" className="text-sm text-down">
          {errorText(replies.error, 'Could not load the replies')}
        </p>
      ) : mine.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {replies.isLoading ? 'Loading…' : 'No replies yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {mine.map((reply) => (
            <ReplyRow key={reply.id} reply={reply} />
          ))}
        </ul>
      )}
      <ReplyForm scope={scope} />
    </section>
  );
}

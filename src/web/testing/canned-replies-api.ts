import type { CannedReply } from '../../shared/api/canned-replies';
import type { ApiRoutes } from './api-stub';
import { AT } from './fixtures';

const TAKEN = { error: 'A canned reply with this shortcut already exists' };
const NOT_FOUND = { status: 404, body: { error: 'Canned reply not found' } };

/**
 * `/api/canned-replies` as the server answers one agent: a list that creating, editing and
 * deleting change, a shortcut unique within its scope (409), team replies refused (403), an
 * unknown id 404. `replies` is the list itself, for the test to read.
 */
export function cannedRepliesApi(initial: CannedReply[] = []): {
  routes: ApiRoutes;
  replies: CannedReply[];
} {
  const replies = initial.map((reply) => ({ ...reply }));
  let nextId = Math.max(0, ...initial.map((r) => r.id)) + 1;
  const taken = (scope: CannedReply['scope'], shortcut: string, id?: number) =>
    replies.some((r) => r.scope === scope && r.shortcut === shortcut && r.id !== id);
  const sorted = () =>
    [...replies].sort((a, b) => a.shortcut.localeCompare(b.shortcut) || a.id - b.id);

  const routes: ApiRoutes = {
    'GET /api/canned-replies': () => ({ body: sorted() }),
    'POST /api/canned-replies': ({ body }) => {
      const input = body as Pick<CannedReply, 'scope' | 'shortcut' | 'content'>;
      if (input.scope === 'team')
        return { status: 403, body: { error: 'Only admins manage team replies' } };
      if (taken(input.scope, input.shortcut)) return { status: 409, body: TAKEN };
      const reply: CannedReply = { id: nextId++, ...input, updatedAt: AT };
      replies.push(reply);
      return { status: 201, body: reply };
    },
    'PATCH /api/canned-replies/:id': ({ params, body }) => {
      const reply = replies.find((r) => r.id === Number(params.id));
      if (!reply) return NOT_FOUND;
      const input = body as Partial<Pick<CannedReply, 'shortcut' | 'content'>>;
      if (input.shortcut !== undefined && taken(reply.scope, input.shortcut, reply.id))
        return { status: 409, body: TAKEN };
      Object.assign(reply, input);
      return { body: reply };
    },
    'DELETE /api/canned-replies/:id': ({ params }) => {
      const at = replies.findIndex((r) => r.id === Number(params.id));
      if (at === -1) return NOT_FOUND;
      replies.splice(at, 1);
      return { status: 204 };
    },
  };
  return { routes, replies };
}

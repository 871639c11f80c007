import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cannedReplyListSchema,
  cannedReplySchema,
  type CannedReply,
} from '../../../../shared/api/canned-replies';
import { apiFetch, apiGet, apiPatch, apiPost } from '../../../lib/api-client';

export const cannedReplyKeys = { all: ['canned-replies'] as const };

/**
 * The team's canned replies and the viewer's own (agents only). Read again when the window
 * comes back to the front: a reply written in another tab (the dashboard's My replies) is in
 * this tab's `/` picker once the agent returns to it.
 */
export function useCannedReplies(enabled = true) {
  return useQuery({
    queryKey: cannedReplyKeys.all,
    queryFn: ({ signal }) => apiGet('/api/canned-replies', cannedReplyListSchema, { signal }),
    enabled,
    refetchOnWindowFocus: 'always',
  });
}

/** Creates, edits or deletes one; the list is read again afterwards. */
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { id?: undefined; scope: CannedReply['scope']; shortcut: string; content: string }
        | { id: number; shortcut: string; content: string },
    ) =>
      input.id === undefined
        ? apiPost('/api/canned-replies', input, cannedReplySchema)
        : apiPatch(
            `/api/canned-replies/${input.id}`,
            { shortcut: input.shortcut, content: input.content },
            cannedReplySchema,
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.all }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`/api/canned-replies/${id}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.all }),
  });
}

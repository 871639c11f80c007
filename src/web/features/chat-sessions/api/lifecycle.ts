import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chatSessionSchema,
  type AssignChatRequest,
  type ChatLifecycleStep,
  type ChatSession,
  type TransferChatRequest,
} from '../../../../shared/api/chat-sessions';
import { apiPost } from '../../../lib/api-client';
import { replaceSessionInCaches } from '../lib/session-cache';
import { chatSessionKeys } from './keys';

/** What a step sends: assign and transfer name the agent (transfer with a note); the rest none. */
export type LifecycleRequest =
  | { step: 'assign'; body: AssignChatRequest }
  | { step: 'transfer'; body: TransferChatRequest }
  | { step: Exclude<ChatLifecycleStep, 'assign' | 'transfer'> };

/** POST /api/chat-sessions/:id/{step}: the chat as it is after the step. */
export function runLifecycleStep(id: number, request: LifecycleRequest): Promise<ChatSession> {
  return apiPost(
    `/api/chat-sessions/${id}/${request.step}`,
    'body' in request ? request.body : {},
    chatSessionSchema,
  );
}

/** A lifecycle step on one chat; the chat's cached copies take the answer at once. */
export function useLifecycleStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LifecycleRequest) => runLifecycleStep(id, request),
    onSuccess: (session) => {
      queryClient.setQueryData(chatSessionKeys.detail(session.id), session);
      replaceSessionInCaches(queryClient, session);
    },
  });
}

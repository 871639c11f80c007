import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import { useRealtime } from '../../../lib/realtime';
import { chatSessionKeys } from '../api/keys';

/** Bursts of events (a reconnect's replay) refresh the list once. */
const REFRESH_DELAY_MS = 300;

/** Keeps the customer's conversation list current: its previews and order change live. */
export function useLiveSessionList(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: chatSessionKeys.own() });
    }, REFRESH_DELAY_MS);
  }, [queryClient]);

  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.type !== 'customer.updated') refresh();
    },
    [refresh],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtime(onEvent, refresh);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_EXPIRES_MS, TYPING_THROTTLE_MS } from '../../../shared/api/realtime';
import { useRealtimeSource } from '../../lib/realtime';
import type { Viewer } from './viewer';

/**
 * Typing both ways over the page's socket, never stored: `typing` says the other side is
 * typing now (until TYPING_EXPIRES_MS pass without another signal, or their message arrives:
 * call `clear`); `onType` tells the other side the viewer types, at most every
 * TYPING_THROTTLE_MS.
 */
export function useTyping(chatSessionId: number, viewer: Viewer) {
  const client = useRealtimeSource();
  const [typing, setTyping] = useState(false);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef(0);

  useEffect(() => {
    const stop = client.onTyping(chatSessionId, (frame) => {
      if (frame.from === viewer) return;
      setTyping(true);
      clearTimeout(expiry.current);
      expiry.current = setTimeout(() => setTyping(false), TYPING_EXPIRES_MS);
    });
    return () => {
      stop();
      clearTimeout(expiry.current);
      setTyping(false);
    };
  }, [client, chatSessionId, viewer]);

  const onType = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_THROTTLE_MS) return;
    lastSent.current = now;
    client.sendTyping(chatSessionId);
  }, [client, chatSessionId]);

  const clear = useCallback(() => {
    clearTimeout(expiry.current);
    setTyping(false);
  }, []);

  return { typing, onType, clear };
}

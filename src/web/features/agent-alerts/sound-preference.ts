import { useCallback, useSyncExternalStore } from 'react';

export const SOUND_MUTED_KEY = 'agentchat.notification-sound.muted';

export interface SoundPreference {
  isMuted(): boolean;
  setMuted(muted: boolean): void;
  subscribe(listener: () => void): () => void;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the agent muted the notification sound; remembered in localStorage, for every tab. */
export function createSoundPreference(
  storage: Storage | null = defaultStorage(),
  events: EventTarget | null = typeof window === 'undefined' ? null : window,
): SoundPreference {
  /** The choice when there is no storage, or it is blocked: for this page only. */
  let fallback = false;
  // Read each time: another tab may have changed it.
  const read = () => {
    if (!storage) return fallback;
    try {
      return storage.getItem(SOUND_MUTED_KEY) === '1';
    } catch {
      return fallback;
    }
  };
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key === SOUND_MUTED_KEY || key === null) notify();
  };
  return {
    isMuted: read,
    setMuted(next) {
      fallback = next;
      try {
        if (next) storage?.setItem(SOUND_MUTED_KEY, '1');
        else storage?.removeItem(SOUND_MUTED_KEY);
      } catch {
        // Blocked storage: the fallback holds it.
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) events?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const soundPreference = createSoundPreference();

export function useSoundMuted(): [muted: boolean, setMuted: (muted: boolean) => void] {
  const muted = useSyncExternalStore(soundPreference.subscribe, soundPreference.isMuted);
  const setMuted = useCallback((next: boolean) => soundPreference.setMuted(next), []);
  return [muted, setMuted];
}

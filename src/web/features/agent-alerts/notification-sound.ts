import { soundPreference } from './sound-preference';

/** At most one chime in this long: a burst of messages rings once. */
export const SOUND_THROTTLE_MS = 2_000;

/** The part of the Web Audio API the chime uses. */
export type ChimeContext = Pick<
  AudioContext,
  'state' | 'currentTime' | 'destination' | 'resume' | 'createOscillator' | 'createGain'
>;

export interface NotificationSound {
  /** Rings unless muted, rung within the last 2 s, or the browser forbids audio yet. */
  play(): boolean;
  /** On a user gesture: browsers let audio started (or resumed) now play later. */
  unlock(): void;
}

export interface NotificationSoundOptions {
  createContext?: () => ChimeContext | null;
  now?: () => number;
  isMuted?: () => boolean;
}

function browserContext(): ChimeContext | null {
  return typeof AudioContext === 'undefined' ? null : new AudioContext();
}

/** Two soft sine notes, E5 then A5, each fading out: short and not shrill. */
const NOTES = [
  { frequency: 659.25, at: 0 },
  { frequency: 880, at: 0.12 },
] as const;
const PEAK_GAIN = 0.18;
const NOTE_SECONDS = 0.35;

function chime(context: ChimeContext): void {
  const start = context.currentTime + 0.01;
  for (const note of NOTES) {
    const t = start + note.at;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(note.frequency, t);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + NOTE_SECONDS);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(t);
    oscillator.stop(t + NOTE_SECONDS + 0.05);
  }
}

/**
 * The new-item chime, made with the Web Audio API (no file to download). Browsers keep audio
 * suspended until the page has had a user gesture: then it stays silent, without an error,
 * and does not ring late when audio is allowed.
 */
export function createNotificationSound(options: NotificationSoundOptions = {}): NotificationSound {
  const createContext = options.createContext ?? browserContext;
  const now = options.now ?? (() => Date.now());
  const isMuted = options.isMuted ?? soundPreference.isMuted;
  let context: ChimeContext | null = null;
  let lastPlayedAt = Number.NEGATIVE_INFINITY;

  /** The audio context, made once it can be: where none could be made yet, asked again next time. */
  function getContext(): ChimeContext | null {
    if (context === null) {
      try {
        context = createContext();
      } catch {
        return null;
      }
    }
    return context;
  }

  function resume(ctx: ChimeContext): void {
    try {
      ctx.resume().catch(() => undefined);
    } catch {
      // Not allowed yet: the next gesture tries again.
    }
  }

  return {
    play() {
      if (isMuted()) return false;
      const at = now();
      if (at - lastPlayedAt < SOUND_THROTTLE_MS) return false;
      const ctx = getContext();
      if (!ctx) return false;
      if (ctx.state !== 'running') {
        // Scheduled now, the notes would sound whenever audio is allowed: too late to mean anything.
        resume(ctx);
        return false;
      }
      try {
        chime(ctx);
      } catch {
        return false;
      }
      lastPlayedAt = at;
      return true;
    },
    unlock() {
      if (isMuted()) return;
      const ctx = getContext();
      if (ctx && ctx.state !== 'running') resume(ctx);
    },
  };
}

export const notificationSound = createNotificationSound();

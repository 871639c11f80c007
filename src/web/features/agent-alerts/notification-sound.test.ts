// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createNotificationSound,
  SOUND_THROTTLE_MS,
  type ChimeContext,
} from './notification-sound';
import { createSoundPreference, SOUND_MUTED_KEY } from './sound-preference';

/** Records the notes a chime schedules. */
class FakeAudioContext {
  state: AudioContextState = 'running';
  currentTime = 0;
  readonly destination = {} as AudioDestinationNode;
  readonly started: number[] = [];
  resume = vi.fn(() => Promise.resolve());
  createOscillator() {
    const param = { setValueAtTime: vi.fn() };
    return {
      type: 'sine',
      frequency: param,
      connect: vi.fn(),
      start: (at: number) => this.started.push(at),
      stop: vi.fn(),
    } as unknown as OscillatorNode;
  }
  createGain() {
    return {
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: vi.fn(),
    } as unknown as GainNode;
  }
}

let context: FakeAudioContext;
let created: number;
const preference = () => createSoundPreference(localStorage, window);

function sound(isMuted = () => false) {
  return createNotificationSound({
    createContext: () => {
      created++;
      return context as unknown as ChimeContext;
    },
    isMuted,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  context = new FakeAudioContext();
  created = 0;
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notification sound', () => {
  it('plays a short two-note chime', () => {
    expect(sound().play()).toBe(true);
    expect(context.started).toHaveLength(2);
  });

  it('rings at most once in 2 s', () => {
    const chime = sound();
    expect(chime.play()).toBe(true);
    vi.advanceTimersByTime(SOUND_THROTTLE_MS - 1);
    expect(chime.play()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(chime.play()).toBe(true);
    expect(context.started).toHaveLength(4);
    expect(created).toBe(1);
  });

  it('stays silent while muted, and muting is remembered in localStorage', () => {
    const muted = preference();
    const chime = sound(muted.isMuted);
    muted.setMuted(true);
    expect(localStorage.getItem(SOUND_MUTED_KEY)).toBe('1');
    expect(preference().isMuted()).toBe(true);
    expect(chime.play()).toBe(false);
    expect(context.started).toHaveLength(0);
    // A muted chime does not hold back the next one.
    muted.setMuted(false);
    expect(chime.play()).toBe(true);
    expect(preference().isMuted()).toBe(false);
  });

  it('follows a change made in another tab', () => {
    const muted = preference();
    const heard = vi.fn();
    muted.subscribe(heard);
    localStorage.setItem(SOUND_MUTED_KEY, '1');
    window.dispatchEvent(new StorageEvent('storage', { key: SOUND_MUTED_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(muted.isMuted()).toBe(true);
  });

  it('fails silently before a user gesture: no error, no late chime, resumes on a gesture', () => {
    context.state = 'suspended';
    context.resume.mockImplementation(() => Promise.reject(new Error('not allowed')));
    const chime = sound();
    expect(() => chime.play()).not.toThrow();
    expect(context.started).toHaveLength(0);
    chime.unlock();
    expect(context.resume).toHaveBeenCalledTimes(2);
    context.state = 'running';
    // Nothing rang, so nothing holds the next chime back.
    expect(chime.play()).toBe(true);
  });

  it('fails silently without Web Audio, or when it throws', () => {
    const none = createNotificationSound({ createContext: () => null, isMuted: () => false });
    expect(none.play()).toBe(false);
    const throwing = createNotificationSound({
      createContext: () => {
        throw new Error('NotAllowedError');
      },
      isMuted: () => false,
    });
    expect(throwing.play()).toBe(false);
    expect(() => throwing.unlock()).not.toThrow();
  });

  it('rings once Web Audio can be had, though it could not be at first', () => {
    let available = false;
    const made: FakeAudioContext[] = [];
    const sound = createNotificationSound({
      createContext: () => {
        if (!available) return null;
        made.push(new FakeAudioContext());
        return made.at(-1)!;
      },
      isMuted: () => false,
    });
    expect(sound.play()).toBe(false);
    available = true;
    expect(sound.play()).toBe(true);
    expect(made).toHaveLength(1);
  });
});

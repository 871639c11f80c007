import { describe, expect, it } from 'vitest';
import { Outbox, UNSENT_KEY_PREFIX, type OutgoingMessage } from './outbox';

/** localStorage's shape over a Map: each `new Outbox(storage)` is a page load. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

function text(overrides: Partial<OutgoingMessage> & { clientMessageId: string }): OutgoingMessage {
  return {
    chatSessionId: 7,
    kind: 'text',
    content: 'Rate for 0.01 BTC?',
    status: 'failed',
    failure: 'rejected',
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('Outbox across reloads', () => {
  it('brings unsent texts back "Not sent", per chat, until sent or discarded', () => {
    const storage = new MemoryStorage();
    const before = new Outbox(storage);
    before.put(text({ clientMessageId: A }));
    // On its way when the page went: it comes back failed, to be sent again (same id).
    before.put(
      text({ clientMessageId: B, chatSessionId: 8, status: 'sending', failure: undefined }),
    );
    expect(storage.getItem(`${UNSENT_KEY_PREFIX}7`)).toContain(A);

    const after = new Outbox(storage);
    expect(after.getSnapshot()).toEqual([
      text({ clientMessageId: A }),
      text({ clientMessageId: B, chatSessionId: 8, failure: 'network' }),
    ]);

    after.confirm([B]);
    after.discard(A);
    expect(storage.length).toBe(0);
    expect(new Outbox(storage).getSnapshot()).toEqual([]);
  });

  it('keeps no images (their files do not survive) and ignores what it cannot read', () => {
    const storage = new MemoryStorage();
    const outbox = new Outbox(storage);
    outbox.put(text({ clientMessageId: C, kind: 'image', content: '' }));
    expect(storage.length).toBe(0);
    storage.setItem(`${UNSENT_KEY_PREFIX}9`, '{not json');
    expect(new Outbox(storage).getSnapshot()).toEqual([]);
    expect(storage.getItem(`${UNSENT_KEY_PREFIX}9`)).toBeNull();
  });
});

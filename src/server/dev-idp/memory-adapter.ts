import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** ms since the epoch; oidc-provider gives a lifetime with each write. */
  expiresAt: number;
}

/** Expired entries are dropped on read, and all of them once this many writes have gone by. */
const SWEEP_EVERY_WRITES = 200;

/**
 * The development sign-in's storage (sessions, interactions, codes), in this process's memory:
 * lost at a restart, which a development provider can afford. Given explicitly, so oidc-provider
 * does not warn at every start that its own quick-start adapter is in use.
 */
export function memoryAdapter(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();
  let writes = 0;

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.payload;
    entries.delete(key);
    return undefined;
  };
  const sweep = () => {
    for (const key of entries.keys()) live(key);
  };
  const findBy = (model: string, field: 'uid' | 'userCode', value: string) => {
    for (const [key, entry] of entries) {
      if (key.startsWith(`${model}:`) && entry.payload[field] === value) return live(key);
    }
    return undefined;
  };

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn = 3600) {
      const key = `${model}:${id}`;
      entries.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (payload.grantId) {
        const keys = byGrant.get(payload.grantId) ?? new Set<string>();
        byGrant.set(payload.grantId, keys.add(key));
      }
      if (++writes % SWEEP_EVERY_WRITES === 0) sweep();
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findBy(model, 'uid', uid);
    },
    async findByUserCode(userCode) {
      return findBy(model, 'userCode', userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      entries.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    },
  });
}

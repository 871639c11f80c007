import { describe, expect, it } from 'vitest';
import { createQueryClient, NOT_LIVE_STALE_MS } from './query-client';

describe('query client', () => {
  it('follows the spec: no refetch on focus, no polling, no retries; stale after a while unless live', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: NOT_LIVE_STALE_MS,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});

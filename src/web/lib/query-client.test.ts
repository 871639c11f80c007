import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('follows the spec: never stale, no refetch on focus, no polling, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});

import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';

/** The items of every page a paged list has loaded so far, as one array (empty until the first). */
export function usePageItems<T>(query: { data?: InfiniteData<{ items: T[] }> }): T[] {
  return useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
}

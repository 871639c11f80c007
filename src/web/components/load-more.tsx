import { useEffect, useRef } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/** "Load more", pressed for you when it scrolls into view (infinite scroll). */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoad();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [onLoad]);
  return (
    <div className="flex justify-center p-3">
      <Button ref={ref} variant="ghost" onClick={onLoad} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

/** What "Load more" needs of a paged (infinite) query. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" under a paged list while the server has more: pressed by hand, not on scroll. */
export function NextPageButton({
  query,
  variant = 'ghost',
  className,
}: {
  query: NextPages;
  variant?: 'ghost' | 'outline';
  /** The row's spacing and border where the list ends. */
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <Button
        variant={variant}
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

import { useEffect, useRef } from 'react';
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

import { lazy, Suspense } from 'react';
import { toastStore as defaultStore, useToasts, type ToastStore } from '../../lib/toast';

/** The toast itself loads with the first toast: most visits never show one. */
const ToastCard = lazy(() => import('./toast-card'));

/**
 * Where toasts appear: top on phones, bottom right on larger screens; at most one (the
 * store keeps one). The region is always there so screen readers announce what arrives.
 */
export function Toaster({ store = defaultStore }: { store?: ToastStore }) {
  const toasts = useToasts(store).filter((t) => t.open);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 p-4 sm:top-auto sm:bottom-0 sm:left-auto sm:w-[400px]"
    >
      <ol className="flex flex-col gap-2">
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastCard key={t.id} toast={t} store={store} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}

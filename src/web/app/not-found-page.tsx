import { Headset, MessagesSquare, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '../components/brand-mark';
import { buttonClasses } from '../components/ui/button';
import { useAppConfig } from '../lib/app-config';

/** Any path the app does not know, and the paths whose screens are not built yet. */
export default function NotFoundPage() {
  const { brandName } = useAppConfig();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-canvas px-4 py-12">
      <Link to="/" className="rounded-lg p-1" aria-label={`${brandName} home`}>
        <BrandMark name={brandName} />
      </Link>
      <div className="mt-8 w-full max-w-md rounded-3xl bg-surface p-5 text-center shadow-card ring-1 ring-black/5 sm:p-8">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <SearchX aria-hidden className="size-7" />
        </span>
        <p className="mt-5 text-sm font-semibold tracking-wide text-brand-700">Error 404</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Page Not Found</h1>
        <p className="mt-3 text-ink-muted">
          {"The page you're looking for doesn't exist. Choose your access path:"}
        </p>
        <div className="mt-6 grid gap-3">
          <Link className={buttonClasses({ size: 'lg' })} to="/trade">
            <MessagesSquare aria-hidden />
            Customer Trading Portal
          </Link>
          <Link className={buttonClasses({ variant: 'outline', size: 'lg' })} to="/agent">
            <Headset aria-hidden />
            Agent &amp; Admin Portal
          </Link>
        </div>
      </div>
    </main>
  );
}

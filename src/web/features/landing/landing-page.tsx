import { lazy, Suspense, useEffect } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { usePrices } from '../prices';
import { Hero } from './components/hero';
import { loadPriceDisplay } from './components/lazy-price-display';
import { SellCard } from './components/sell-card';
import { SiteHeader } from './components/site-header';

const BelowTheFold = lazy(() => import('./components/below-the-fold'));
/** Off the first load: the calculator brings the rates feature and decimal arithmetic. */
const RateCalculator = lazy(() => import('../rates').then((m) => ({ default: m.RateCalculator })));

/** The public landing page at `/`. */
export function LandingPage() {
  const { brandName, whatsappNumber } = useAppConfig();
  const query = usePrices();
  // A failed fetch counts as "no prices": the ticker hides and the rows say "Fair Market Rate".
  const prices = query.data ?? [];
  const loading = query.isPending;
  // Price formatting loads while the prices request is in flight, not after it.
  useEffect(() => {
    void loadPriceDisplay();
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Skip to content
      </a>
      <SiteHeader brandName={brandName} />
      <main id="main" className="flex-1">
        <Hero
          brandName={brandName}
          prices={prices}
          loading={loading}
          card={
            <div className="flex flex-col gap-4">
              <SellCard prices={prices} loading={loading} whatsappNumber={whatsappNumber} />
              <Suspense
                fallback={<div aria-hidden className="min-h-[25rem] rounded-3xl bg-surface/10" />}
              >
                <RateCalculator />
              </Suspense>
            </div>
          }
        />
        <Suspense fallback={<div className="min-h-dvh" />}>
          <BelowTheFold brandName={brandName} whatsappNumber={whatsappNumber} />
        </Suspense>
      </main>
    </div>
  );
}

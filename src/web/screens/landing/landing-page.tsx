import { useEffect } from 'react';
import { BelowTheFold, Hero, loadPriceDisplay, SellCard, SiteHeader } from '../../features/landing';
import { ClientOnly } from '../../lib/client-only';
import { lazyWithData } from '../../lib/lazy-with-data';
import { useAppConfig } from '../../lib/app-config';

/** Off the first load: the calculator brings the rates feature and decimal arithmetic. */
const RateCalculator = lazyWithData(async () => {
  const { RateCalculator: Calculator } = await import('../../features/rates');
  return { default: Calculator };
});

/**
 * The public landing page at `/`. The server renders it into index.html (decision 005): its lazy
 * parts are client-only, so the server sends their placeholders and the browser fills them in.
 */
export function LandingPage() {
  // No prices here: the ticker and the card read them, so a price update renders only them.
  const { brandName, whatsappNumber } = useAppConfig();
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
          card={
            <div className="flex flex-col gap-4">
              <SellCard whatsappNumber={whatsappNumber} />
              <ClientOnly
                fallback={<div aria-hidden className="min-h-[25rem] rounded-3xl bg-surface/10" />}
              >
                <RateCalculator />
              </ClientOnly>
            </div>
          }
        />
        <ClientOnly fallback={<div className="min-h-dvh" />}>
          <BelowTheFold brandName={brandName} whatsappNumber={whatsappNumber} />
        </ClientOnly>
      </main>
    </div>
  );
}

import { BelowTheFold, Hero, SellCard, SiteHeader } from '../../features/landing';
import { PublicRateCalculator as RateCalculator } from '../../features/rates';
import { ClientOnly } from '../../lib/client-only';
import { useAppConfig } from '../../lib/app-config';

/**
 * The public landing page at `/`. The server renders it into index.html (decision 005). The
 * calculator and the sections below the hero are client-only: the server sends their
 * placeholders, and the browser renders them once it has taken the page over. Their code comes
 * with the page (one chunk compresses better than three: issue 33); the calculator's arithmetic
 * (decimal.js) loads when a visitor first uses it.
 */
export function LandingPage() {
  // No prices here: the ticker and the card read them, so a price update renders only them.
  const { brandName, whatsappNumber } = useAppConfig();
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

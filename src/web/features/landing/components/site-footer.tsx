import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { buttonClasses } from '../../../components/ui/button';
import { whatsAppTradeLink } from '../whatsapp-link';

const linkClass =
  'inline-flex min-h-11 min-w-11 items-center text-white/75 hover:text-white hover:underline underline-offset-4';

export function SiteFooter({
  brandName,
  whatsappNumber,
}: {
  brandName: string;
  whatsappNumber: string;
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="on-dark bg-brand-950 text-white">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 border-b border-white/10 py-12 md:flex-row md:items-center">
          <div>
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
              Ready to turn crypto into naira?
            </h2>
            <p className="mt-2 text-brand-100/90">
              Get today&apos;s rate from a real agent in a few messages.
            </p>
          </div>
          <a className={buttonClasses({ variant: 'gold', size: 'lg' })} href="#sell">
            See today&apos;s rates
            <ArrowRight aria-hidden />
          </a>
        </div>
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <BrandMark name={brandName} tone="light" />
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/75">
              Sell Bitcoin and USDT for naira by chatting with a real agent. No KYC, no third
              parties.
            </p>
          </div>
          <nav aria-label="Trade" className="col-span-2 sm:col-span-1">
            <h2 className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Trade</h2>
            <ul className="mt-3 text-sm">
              <li>
                <a
                  className={linkClass}
                  href={whatsAppTradeLink(whatsappNumber, 'Bitcoin')}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Sell Bitcoin on WhatsApp
                </a>
              </li>
              <li>
                <a
                  className={linkClass}
                  href={whatsAppTradeLink(whatsappNumber, 'USDT')}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Sell USDT on WhatsApp
                </a>
              </li>
              <li>
                <Link className={linkClass} to="/trade">
                  Chat with an agent
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Learn">
            <h2 className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Learn</h2>
            <ul className="mt-3 text-sm">
              <li>
                <a className={linkClass} href="#about">
                  About
                </a>
              </li>
              <li>
                <a className={linkClass} href="#how-it-works">
                  How It Works
                </a>
              </li>
              <li>
                <a className={linkClass} href="#why">
                  Why Choose Us
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-label="Team">
            <h2 className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Team</h2>
            <ul className="mt-3 text-sm">
              <li>
                <Link className={linkClass} to="/agent">
                  Agent &amp; Admin Portal
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="flex flex-col gap-2 border-t border-white/10 py-6 text-xs text-white/70 sm:flex-row sm:justify-between">
          <p>
            © {year} {brandName}. All rights reserved.
          </p>
          <p>Prices shown are indicative. Your agent confirms the rate before you trade.</p>
        </div>
      </div>
    </footer>
  );
}

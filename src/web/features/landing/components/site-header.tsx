import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { buttonClasses } from '../../../components/ui/button';

const NAV = [
  { href: '#about', label: 'About' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#why', label: 'Why Us' },
] as const;

export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <header className="on-dark sticky top-0 z-40 border-b border-white/10 bg-brand-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="-m-1 rounded-lg p-1" aria-label={`${brandName} home`}>
          <BrandMark name={brandName} tone="light" />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <a
              key={item.href}
              href={item.href}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-white/80 hover:bg-white/10 hover:text-white"
            >
              {item.label}
            </a>
          ))}
        </nav>
        <a className={buttonClasses({ variant: 'gold' })} href="#sell">
          Sell now
        </a>
      </div>
    </header>
  );
}

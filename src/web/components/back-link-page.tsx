import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { buttonClasses } from './ui/button';

/**
 * A page of its own under a dark bar: a way back, the title, then the content on the canvas
 * (the customer's payout accounts, the admin's deposit addresses).
 */
export function BackLinkPage({
  back,
  title,
  width,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** The bar's and the content's width. */
  width: 'max-w-3xl' | 'max-w-5xl';
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="on-dark bg-brand-950 text-white">
        <div className={cn('mx-auto flex items-center gap-2 px-3 py-3 sm:px-6 sm:py-4', width)}>
          <Link
            to={back.to}
            className={buttonClasses({
              variant: 'ghost',
              className: 'px-2.5 text-white hover:bg-white/10',
            })}
          >
            <ArrowLeft aria-hidden />
            <span className="max-sm:sr-only">{back.label}</span>
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl">
            {title}
          </h1>
        </div>
      </header>
      <main
        className={cn(
          'mx-auto grid w-full flex-1 content-start gap-4 px-3 pt-4 pb-12 sm:gap-6 sm:px-6 sm:pt-8',
          width,
        )}
      >
        {children}
      </main>
    </div>
  );
}

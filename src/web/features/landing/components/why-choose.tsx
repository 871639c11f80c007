import { Headset, LockKeyhole, MessagesSquare, ShieldCheck, TrendingUp, Zap } from 'lucide-react';

const REASONS = [
  {
    icon: ShieldCheck,
    title: 'No KYC',
    text: 'No identity documents and no third parties. Just you and your agent.',
  },
  {
    icon: Headset,
    title: 'Real human agents',
    text: 'A person who explains every step and answers your questions, not a bot.',
  },
  {
    icon: TrendingUp,
    title: 'Fair market rates',
    text: 'Rates follow the live Bitcoin and USDT market and are confirmed before you send.',
  },
  {
    icon: Zap,
    title: 'Fast naira payouts',
    text: 'Your agent pays you as soon as your transfer is confirmed.',
  },
  {
    icon: MessagesSquare,
    title: 'Chat where you like',
    text: 'WhatsApp or right here on the site: the same team, the same rates.',
  },
  {
    icon: LockKeyhole,
    title: 'Private conversations',
    text: 'Your chats and screenshots are seen only by you and our agents.',
  },
] as const;

export function WhyChoose({ brandName }: { brandName: string }) {
  return (
    <section id="why" aria-labelledby="why-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Why us</p>
          <h2 id="why-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Why Choose {brandName}
          </h2>
        </div>
        <ul className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 leading-relaxed text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Banknote, Coins, Headset } from 'lucide-react';

const FACTS = [
  {
    icon: Coins,
    title: 'Bitcoin and USDT',
    text: 'The two coins you hold most, bought at live market rates.',
  },
  {
    icon: Headset,
    title: 'A person, not a form',
    text: 'Every trade is a conversation with one of our agents.',
  },
  {
    icon: Banknote,
    title: 'Naira in your hands',
    text: 'You are paid in naira as soon as your transfer is confirmed.',
  },
] as const;

export function AboutSection({ brandName }: { brandName: string }) {
  return (
    <section id="about" aria-labelledby="about-title" className="bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">About us</p>
          <h2 id="about-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            About {brandName}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-ink-muted">
            {brandName} is a chat-based desk for selling crypto in Nigeria. There are no order books
            to learn and no verification forms to fill in: you talk to a real agent who quotes your
            rate, guides your transfer and pays you in naira.
          </p>
          <p className="mt-4 leading-relaxed text-ink-muted">
            Start on WhatsApp or chat right here on the site. Either way, the same team looks after
            your trade from the first message to the last naira.
          </p>
        </div>
        <ul className="grid gap-4">
          {FACTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-line bg-canvas p-5">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Banknote, BadgePercent, Images, MessageCircle } from 'lucide-react';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    icon: MessageCircle,
    title: 'Start a chat',
    text: 'Tap Trade Now to message us on WhatsApp, or chat here on the site. A real agent answers.',
  },
  {
    icon: BadgePercent,
    title: 'Get your rate',
    text: 'Tell your agent how much Bitcoin or USDT you want to sell and get the current rate.',
  },
  {
    icon: Images,
    title: 'Trade and share screenshots',
    text: 'Send your crypto to the wallet your agent gives you and share screenshots of your wallet.',
  },
  {
    icon: Banknote,
    title: 'Receive your cash',
    text: 'Once your transfer is confirmed, your agent pays you in naira.',
  },
] as const;

export function HowItWorks() {
  return (
    <LandingSection id="how-it-works" labelledBy="how-title" tone="canvas">
      <div className="max-w-2xl">
        <SectionHeading id="how-title" eyebrow="Four simple steps">
          How It Works
        </SectionHeading>
        <p className="mt-4 text-lg text-ink-muted">From crypto in your wallet to cash in hand.</p>
      </div>
      <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li
            key={title}
            className="relative rounded-2xl border border-line bg-surface p-6 shadow-sm"
          >
            <div className="flex items-center justify-between">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <span aria-hidden className="text-4xl font-extrabold text-brand-100">
                {i + 1}
              </span>
            </div>
            <h3 className="mt-5 text-lg font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {title}
            </h3>
            <p className="mt-2 leading-relaxed text-ink-muted">{text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

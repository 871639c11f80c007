import { Banknote, Coins, Headset } from 'lucide-react';
import { IconPoint } from './icon-point';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

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
    <LandingSection
      id="about"
      labelledBy="about-title"
      tone="surface"
      className="grid gap-10 lg:grid-cols-2 lg:gap-16"
    >
      <div>
        <SectionHeading id="about-title" eyebrow="About us">
          About {brandName}
        </SectionHeading>
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
        {FACTS.map((fact) => (
          <IconPoint
            key={fact.title}
            {...fact}
            className="rounded-2xl border border-line bg-canvas p-5"
          />
        ))}
      </ul>
    </LandingSection>
  );
}

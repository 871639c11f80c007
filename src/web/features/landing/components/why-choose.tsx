import { Headset, LockKeyhole, MessagesSquare, ShieldCheck, TrendingUp, Zap } from 'lucide-react';
import { IconPoint } from './icon-point';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

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
    <LandingSection id="why" labelledBy="why-title" tone="surface">
      <div className="max-w-2xl">
        <SectionHeading id="why-title" eyebrow="Why us">
          Why Choose {brandName}
        </SectionHeading>
      </div>
      <ul className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map((reason) => (
          <IconPoint key={reason.title} {...reason} textClassName="leading-relaxed" />
        ))}
      </ul>
    </LandingSection>
  );
}

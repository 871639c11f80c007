import { ArrowLeft, Bitcoin, CircleDollarSign, Loader2, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DEMO_AGENT_NAMES, DEMO_CUSTOMER_ID, type DemoSession } from '../../../shared/api/demo';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { useAppConfig } from '../../lib/app-config';
import { cn } from '../../lib/cn';
import { useDemoMessages, useSendDemoMessage } from './api/demo-messages';
import { useCreateDemoSession, type DemoCategory } from './api/demo-sessions';
import { Bubble } from './components/bubble';
import { DemoBanner } from './components/demo-banner';
import { DemoOnly } from './components/demo-only';

const OPTIONS: readonly {
  category: DemoCategory;
  title: string;
  badge: string;
  role: string;
  icon: ReactNode;
}[] = [
  {
    category: 'bitcoin',
    title: 'Bitcoin Trading',
    badge: 'BTC',
    role: 'Bitcoin Specialist',
    icon: <Bitcoin aria-hidden className="size-6" />,
  },
  {
    category: 'usdt',
    title: 'USDT Trading',
    badge: 'USDT',
    role: 'USDT Expert',
    icon: <CircleDollarSign aria-hidden className="size-6" />,
  },
];

function optionFor(category: DemoCategory) {
  return OPTIONS.find((o) => o.category === category)!;
}

function Choice({ onStarted }: { onStarted: (session: DemoSession) => void }) {
  const { brandName } = useAppConfig();
  const create = useCreateDemoSession();
  const starting = create.isPending;
  return (
    <>
      <header className="on-dark bg-brand-950">
        <div className="mx-auto flex h-16 max-w-md items-center px-4">
          <Link to="/" className="-m-1 rounded-lg p-1" aria-label={`${brandName} home`}>
            <BrandMark name={brandName} tone="light" />
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 overflow-y-auto px-4 py-8 sm:py-14">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Start a conversation</h1>
        <p className="mt-2 text-ink-muted">
          Choose what you want to sell. An agent will chat with you.
        </p>
        <div className="relative mt-6">
          <ul className="grid gap-3" aria-busy={starting}>
            {OPTIONS.map((option) => (
              <li key={option.category}>
                <button
                  type="button"
                  disabled={starting}
                  onClick={() => create.mutate(option.category, { onSuccess: onStarted })}
                  className="flex w-full items-center gap-4 rounded-2xl bg-surface p-4 text-left shadow-card ring-1 ring-black/5 transition-colors hover:ring-brand-600 disabled:opacity-60"
                >
                  <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                    {option.icon}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{option.title}</span>
                    <span className="block text-sm text-ink-muted">
                      Chat with {DEMO_AGENT_NAMES[option.category]}
                    </span>
                  </span>
                  <span className="rounded-full bg-gold-200 px-2.5 py-0.5 text-xs font-bold text-brand-950">
                    {option.badge}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {starting && (
            <div
              role="status"
              className="absolute inset-0 flex items-center justify-center gap-2 rounded-2xl bg-canvas/80 font-semibold text-brand-800"
            >
              <Loader2 aria-hidden className="size-5 animate-spin" />
              Starting conversation...
            </div>
          )}
        </div>
      </main>
    </>
  );
}

function Conversation({ session, onBack }: { session: DemoSession; onBack: () => void }) {
  const option = optionFor(session.category);
  const agentName = DEMO_AGENT_NAMES[session.category];
  const messages = useDemoMessages(session.id);
  const send = useSendDemoMessage(session.id);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const blank = draft.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    send.mutate(draft.trim(), { onSuccess: () => setDraft('') });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="on-dark bg-brand-950 text-white">
        <div className="mx-auto flex min-h-16 max-w-3xl items-center gap-3 px-2 py-2 sm:px-4">
          <button
            type="button"
            onClick={onBack}
            aria-label="Back"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl hover:bg-white/10"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </button>
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-300 text-brand-950">
            {option.icon}
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-semibold">{agentName}</h1>
            <p className="truncate text-sm text-brand-100/90">{option.role}</p>
          </div>
          <span className="shrink-0 rounded-full border border-white/20 px-2.5 py-0.5 text-xs font-bold tracking-wide">
            {session.category.toUpperCase()}
          </span>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
        {messages.isPending ? (
          <p role="status" className="py-10 text-center text-ink-muted">
            Loading messages...
          </p>
        ) : count === 0 ? (
          <div className="mx-auto mt-8 max-w-sm rounded-2xl bg-surface p-5 text-center shadow-card ring-1 ring-black/5">
            <p className="font-semibold">Welcome to {option.title}!</p>
            <p className="mt-1 text-sm text-ink-muted">
              {agentName} is here to help you sell your {option.badge}. Send a message to start.
            </p>
          </div>
        ) : (
          <ol aria-label="Messages" className="mx-auto flex max-w-3xl flex-col gap-2">
            {messages.data!.map((m) => (
              <Bubble
                key={m.id}
                content={m.content}
                createdAt={m.createdAt}
                side={m.senderId === DEMO_CUSTOMER_ID ? 'right' : 'left'}
              />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <form onSubmit={submit} className="border-t border-line bg-surface px-3 py-3 sm:px-6">
        <div className="mx-auto flex max-w-3xl items-center gap-2">
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Type your message..."
            aria-label="Type your message..."
            maxLength={4000}
            className="h-12 min-w-0 flex-1 rounded-2xl border border-line bg-canvas px-4 text-[15px] placeholder:text-ink-muted focus:border-brand-600 focus:bg-surface focus:ring-2 focus:ring-brand-600/40 focus:outline-none"
          />
          <button
            type="submit"
            aria-label="Send message"
            disabled={blank || send.isPending}
            className={cn(
              'inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-50',
            )}
          >
            {send.isPending ? (
              <Loader2 aria-hidden className="size-5 animate-spin" />
            ) : (
              <SendHorizontal aria-hidden className="size-5" />
            )}
          </button>
        </div>
      </form>
    </div>
  );
}

function DemoCustomer() {
  const [session, setSession] = useState<DemoSession | null>(null);
  return (
    <div className="flex h-dvh flex-col bg-canvas">
      <DemoBanner>Demo Mode - Test Customer Interface</DemoBanner>
      {session ? (
        <Conversation session={session} onBack={() => setSession(null)} />
      ) : (
        <Choice onStarted={setSession} />
      )}
    </div>
  );
}

/** /test-customer: the spec's demo customer chat, as the fixed test customer. */
export default function DemoCustomerScreen({ notFound }: { notFound: ReactNode }) {
  return (
    <DemoOnly notFound={notFound}>
      <DemoCustomer />
    </DemoOnly>
  );
}

import type { WhatsappChat } from '../../../../shared/api/whatsapp';
import { WINDOW_CLOSED_NO_TEMPLATE } from '../../../../shared/api/whatsapp';
import { buttonClasses } from '../../../components/ui/button';
import { useSendReengageTemplate } from '../api/whatsapp-chat';
import { windowLeft } from '../lib/whatsapp-window';

/**
 * Above the agent's composer in a WhatsApp chat: the time left to reply freely. Once the
 * customer's 24-hour window has closed it stands in for the composer and offers the
 * re-engagement template, the only message WhatsApp still takes.
 */
export function WhatsappWindowNote({
  chatSessionId,
  chat,
  now,
}: {
  chatSessionId: number;
  chat: WhatsappChat;
  now: Date;
}) {
  const reengage = useSendReengageTemplate(chatSessionId);
  const left = windowLeft(chat.windowEndsAt, now);
  if (left) {
    return (
      <p
        data-testid="whatsapp-window"
        className="shrink-0 border-t border-line bg-surface px-4 py-1.5 text-xs text-ink-muted"
      >
        WhatsApp: {left} to reply
      </p>
    );
  }
  return (
    <div
      data-testid="whatsapp-window"
      className="flex shrink-0 flex-wrap items-center justify-center gap-3 border-t border-line bg-surface px-4 py-4 text-center text-sm text-ink-muted"
    >
      {chat.canReengage ? (
        <>
          <span>
            The customer&apos;s 24-hour WhatsApp window has closed: only the re-engagement template
            can be sent.
          </span>
          <button
            type="button"
            disabled={reengage.isPending || reengage.isSuccess}
            onClick={() => reengage.mutate(chatSessionId)}
            className={buttonClasses()}
          >
            {reengage.isSuccess ? 'Template sent' : 'Send the template'}
          </button>
        </>
      ) : (
        <span>{WINDOW_CLOSED_NO_TEMPLATE}.</span>
      )}
    </div>
  );
}

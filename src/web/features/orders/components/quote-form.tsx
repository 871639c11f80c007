import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { RateCurrency } from '../../../../shared/domain';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, useZodForm } from '../../../components/ui/form';
import { Input, Label } from '../../../components/ui/input';
import { useAppConfig } from '../../../lib/app-config';
import { errorText } from '../../../lib/error-text';
import { useCreateOrder } from '../api/create-order';
import { useOrderPreview } from '../api/preview-order';
import { minutesText } from '../lib/minutes-text';
import { orderFormSchema, previewBody, type OrderFormValues } from '../lib/order-form';
import { useOrderAction } from '../lib/use-order-action';
import { CoinAmountFields } from './coin-amount-fields';
import { lockable, marketText, QuotePreview } from './order-preview';

/**
 * An agent's quote: coin and amount (in the coin or in naira), then the server's preview (rate,
 * how far it is from the market, total, lock time), then "Send quote", which locks exactly that
 * preview for the customer to accept with their payout account. A rate outside the market guard
 * (not shown to customers) is quoted only with the agent's reason, audited.
 */
export function QuoteForm({
  chatSessionId,
  defaultCoin,
  onSent,
  onClose,
}: {
  chatSessionId: number;
  defaultCoin: RateCurrency;
  onSent: (orderId: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  const { quoteTtlMinutes } = useAppConfig();
  const create = useCreateOrder();
  const [pastGuard, setPastGuard] = useState(false);
  const form = useZodForm(orderFormSchema({ chatSessionId, reasonRequired: pastGuard }), {
    defaultValues: {
      coin: defaultCoin,
      unit: 'crypto',
      amount: '',
      reason: '',
    } satisfies OrderFormValues,
    mode: 'onChange',
  });
  const body = previewBody(form.watch(), { chatSessionId });
  const preview = useOrderPreview(body);
  // The rule for the reason follows the preview: outside the guard, the form asks for it.
  const outsideGuard = preview.data !== undefined && !preview.data.published;
  if (outsideGuard !== pastGuard) setPastGuard(outsideGuard);
  const reason = form.getFieldState('reason', form.formState);
  const reasonShown = form.formState.isSubmitted && reason.error !== undefined;
  const action = useOrderAction((idempotencyKey) =>
    create
      .mutateAsync({
        body: {
          ...body!,
          // The submit locks only a lockable preview: its figures are the ones on screen.
          rateVersion: preview.data!.rateVersion,
          ...(pastGuard ? { confirmation: { reason: form.getValues('reason').trim() } } : {}),
        },
        idempotencyKey,
      })
      .then((order) => onSent(order.id)),
  );

  return (
    <Form
      form={form}
      onSubmit={() => {
        if (lockable(preview)) action.submit();
      }}
      aria-label="Send a quote"
      data-testid="quote-form"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line"
    >
      <h3 className="text-base font-semibold text-ink">Quote the customer</h3>
      <CoinAmountFields id={id} onEdit={action.changed} />
      <p className="text-sm text-ink-muted">
        The quote locks our sell rate for {minutesText(quoteTtlMinutes)}. The customer accepts it in
        the chat with their payout account.
      </p>
      <QuotePreview query={preview} priced={body !== null} viewer="agent" />
      {pastGuard && (
        <div data-testid="quote-guard">
          <p className="mb-2 text-sm text-down">
            This rate is {marketText(preview.data!)} and not shown to customers. Give the reason to
            quote it.
          </p>
          <Label htmlFor={`${id}-reason`} className="mb-1.5">
            Reason
          </Label>
          <Input
            id={`${id}-reason`}
            aria-invalid={reasonShown}
            {...form.register('reason', { onChange: action.changed })}
          />
          {reasonShown && <p className="mt-1 text-sm text-down">{reason.error?.message}</p>}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={action.pending || (body !== null && !lockable(preview))}>
          <Send aria-hidden />
          Send quote
        </Button>
      </div>
      {action.error !== null && (
        <ErrorAlert>{errorText(action.error, 'Could not send the quote. Try again.')}</ErrorAlert>
      )}
    </Form>
  );
}

/** The agent's way to quote in a chat without an open order: a button that opens the form. */
export function AgentQuote({
  chatSessionId,
  defaultCoin,
  onSent,
}: {
  chatSessionId: number;
  defaultCoin: RateCurrency;
  onSent: (orderId: number) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden />
        Send a quote
      </Button>
    );
  }
  return (
    <QuoteForm
      chatSessionId={chatSessionId}
      defaultCoin={defaultCoin}
      onSent={(orderId) => {
        setOpen(false);
        onSent(orderId);
      }}
      onClose={() => setOpen(false)}
    />
  );
}

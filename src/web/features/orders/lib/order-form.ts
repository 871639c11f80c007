import { z } from 'zod';
import { previewOrderRequestSchema, type PreviewOrderRequest } from '../../../../shared/api/orders';
import { RATE_CURRENCIES } from '../../../../shared/domain';
import { guardConfirmationSchema, type GuardConfirmation } from '../../../../shared/market-guard';

/** What an amount is typed in: the coin, or naira (the coins it buys at the rate). */
export const UNITS = ['crypto', 'naira'] as const;
export type Unit = (typeof UNITS)[number];

/** The Sell and quote forms' fields, as typed. */
const orderFormFields = z.object({
  coin: z.enum(RATE_CURRENCIES),
  unit: z.enum(UNITS),
  amount: z.string(),
  /** The customer's choice; unset, the form's first account (Sell only). */
  payoutAccountId: z.number().optional(),
  /** Why an agent quotes a rate outside the market guard (quote only). */
  reason: z.string(),
});
export type OrderFormValues = z.input<typeof orderFormFields>;

export interface OrderFormOptions {
  chatSessionId: number;
  /** The account paid into while the customer has chosen none (the first saved one). */
  defaultPayoutAccountId?: number | undefined;
  /** The preview is outside the market guard: an agent quotes it only with a reason. */
  reasonRequired?: boolean;
}

/** What a valid form sends: the preview's body, and the agent's reason when one is asked. */
export interface OrderFormOutput {
  body: PreviewOrderRequest;
  confirmation?: GuardConfirmation;
}

function bodyOf(values: z.output<typeof orderFormFields>, options: OrderFormOptions) {
  const amount = values.amount.trim();
  const payoutAccountId = values.payoutAccountId ?? options.defaultPayoutAccountId;
  return {
    chatSessionId: options.chatSessionId,
    coin: values.coin,
    ...(values.unit === 'crypto' ? { amount } : { amountNaira: amount }),
    ...(payoutAccountId === undefined ? {} : { payoutAccountId }),
  } satisfies PreviewOrderRequest;
}

/**
 * The Sell and quote forms' schema: the fields as the preview's body, checked by the API's own
 * `previewOrderRequestSchema` (its words, its limits: the coin's decimal places, "must be more
 * than 0"), and the reason by `guardConfirmationSchema` when `reasonRequired`. The body's
 * problems are the amount field's: coin, unit, chat and account come from choices that cannot
 * be wrong, so whatever the API refuses is the amount typed.
 */
export function orderFormSchema(options: OrderFormOptions) {
  return orderFormFields.transform((values, ctx): OrderFormOutput => {
    const body = bodyOf(values, options);
    const check = previewOrderRequestSchema.safeParse(body);
    if (!check.success) {
      for (const issue of check.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['amount'] });
      }
    }
    if (!options.reasonRequired) return { body };
    const reason = guardConfirmationSchema.safeParse({ reason: values.reason });
    if (!reason.success) {
      for (const issue of reason.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['reason'] });
      }
      return z.NEVER;
    }
    return { body, confirmation: reason.data };
  });
}

/**
 * The body to preview for what the form holds now, or null while the amount is not worth
 * pricing (the same check as the form's, without the reason: the reason is asked only once
 * the preview says the rate is outside the guard).
 */
export function previewBody(values: OrderFormValues, options: OrderFormOptions) {
  const parsed = orderFormSchema({ ...options, reasonRequired: false }).safeParse(values);
  return parsed.success ? parsed.data.body : null;
}

import {
  CHAT_CATEGORIES,
  CHAT_PRIORITIES,
  CHAT_STATUSES,
  CUSTOMER_STATUSES,
  TRANSACTION_STATUSES,
} from '../../shared/domain';

/** How the screens name the domain's values: one place, so every list says the same words. */

/** Each value capitalised ('bitcoin' → 'Bitcoin'), but for the names spelt otherwise. */
function labelsOf<T extends string>(
  values: readonly T[],
  spelt: Partial<Record<T, string>> = {},
): Record<T, string> {
  return Object.fromEntries(
    values.map((value) => [value, spelt[value] ?? value.charAt(0).toUpperCase() + value.slice(1)]),
  ) as Record<T, string>;
}

export const CATEGORY_LABELS = labelsOf(CHAT_CATEGORIES, { usdt: 'USDT' });

export const CHAT_STATUS_LABELS = labelsOf(CHAT_STATUSES);

export const PRIORITY_LABELS = labelsOf(CHAT_PRIORITIES);

export const CUSTOMER_STATUS_LABELS = labelsOf(CUSTOMER_STATUSES);

export const TRANSACTION_STATUS_LABELS = labelsOf(TRANSACTION_STATUSES, {
  pending_approval: 'Waiting for approval',
});

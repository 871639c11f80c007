import { text } from 'drizzle-orm/pg-core';
import { chatSessionRef } from './chat';
import { identityId, requiredUserRef } from './columns';

/**
 * What every trade row (a transaction, an order) starts with: its id, the reference the
 * customer and the desk quote, the chat it was agreed in and the customer who sells.
 */
export const tradeRow = () => ({
  id: identityId(),
  reference: text('reference').notNull(),
  chatSessionId: chatSessionRef(),
  customerId: requiredUserRef('customer_id'),
});

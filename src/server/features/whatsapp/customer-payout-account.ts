import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  createPayoutAccountRequestSchema,
  PayoutAccount,
} from '../../../shared/api/payout-accounts';
import { accountConfirmationText } from '../../../shared/api/whatsapp';
import type { NameEnquirySettings } from '../../config';
import type { Db } from '../../db/client';
import { whatsappContacts, whatsappOutbox } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { addPayoutAccount } from '../payout-accounts';
import { accountButtonId } from './button-ids';

/**
 * An agent adds a payout account for a customer on WhatsApp, who has no web page to add one
 * (decision 036): the same bank list, NUBAN check and name enquiry as the customer's own, and
 * audited; it stays pending until the customer taps Confirm on the message queued with it, in
 * the same transaction. A web customer adds their own: for them this is a 404.
 */
export async function addCustomerPayoutAccount(options: {
  db: Db;
  caller: SessionUser;
  customerId: string;
  input: z.output<typeof createPayoutAccountRequestSchema>;
  nameEnquiry: NameEnquirySettings | undefined;
  logger: FastifyBaseLogger;
}): Promise<PayoutAccount> {
  const { db, customerId } = options;
  const [contact] = await db
    .select({ waId: whatsappContacts.waId })
    .from(whatsappContacts)
    .where(eq(whatsappContacts.customerId, customerId))
    .limit(1);
  if (!contact) throw new AppError('not_found', 'Not a WhatsApp customer');
  return addPayoutAccount({
    ...options,
    forCustomer: {
      customerId,
      within: async (tx, account) => {
        await tx.insert(whatsappOutbox).values({
          waId: contact.waId,
          payload: {
            type: 'interactive',
            interactive: {
              type: 'button',
              body: { text: accountConfirmationText(account) },
              action: {
                buttons: [
                  {
                    type: 'reply',
                    reply: {
                      id: accountButtonId({ action: 'confirm', accountId: account.id }),
                      title: 'Confirm',
                    },
                  },
                  {
                    type: 'reply',
                    reply: {
                      id: accountButtonId({ action: 'refuse', accountId: account.id }),
                      title: 'Not my account',
                    },
                  },
                ],
              },
            },
          },
        });
      },
    },
  });
}

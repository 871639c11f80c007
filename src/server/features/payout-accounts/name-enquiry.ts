import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { NameEnquirySettings } from '../../config';

/** Paystack's `GET /bank/resolve` answer; anything else counts as no answer. */
const resolveAnswerSchema = z.object({
  status: z.literal(true),
  data: z.object({
    account_name: z.string().trim().min(1).max(100),
    account_number: z.string(),
  }),
});

/**
 * The account holder's name as the bank knows it, or null when the provider cannot say (not
 * configured, timed out, refused, or answered something else). Never call it inside a database
 * transaction: it may take `timeoutMs`.
 */
export async function resolveAccountName(options: {
  settings: NameEnquirySettings | undefined;
  logger: FastifyBaseLogger;
  bankCode: string;
  accountNumber: string;
}): Promise<string | null> {
  const { settings, logger, bankCode, accountNumber } = options;
  if (!settings) return null;
  const url = new URL(`${settings.url}/bank/resolve`);
  url.searchParams.set('account_number', accountNumber);
  url.searchParams.set('bank_code', bankCode);
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${settings.key}`, accept: 'application/json' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) {
      logger.warn({ status: response.status, bankCode }, 'name enquiry refused');
      return null;
    }
    const parsed = resolveAnswerSchema.safeParse(await response.json());
    if (!parsed.success || parsed.data.data.account_number !== accountNumber) {
      logger.warn({ bankCode }, 'name enquiry answered in an unknown shape');
      return null;
    }
    return parsed.data.data.account_name.replace(/\s+/g, ' ');
  } catch (error) {
    logger.warn({ err: error, bankCode }, 'name enquiry failed');
    return null;
  }
}

import { z } from 'zod';

/** What the browser may know of the server's configuration. */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  whatsappNumber: z.string(),
  /** SUPPORT_CONTACT: shown where the app says "Contact support" (see support-contact.ts). */
  supportContact: z.string(),
  demoMode: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigSchema>;

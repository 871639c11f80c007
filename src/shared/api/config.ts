import { z } from 'zod';

/** What the browser may know of the server's configuration. */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  whatsappNumber: z.string(),
  demoMode: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigSchema>;

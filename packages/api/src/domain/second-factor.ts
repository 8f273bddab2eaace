// The inputs of second-factor procedures (issue 27): the server's schemas, which the back office's
// forms validate with too (zodRules).
import { z } from 'zod';

export const ZTotpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TTotpCode = z.infer<typeof ZTotpCode>;

export const ZRecoveryCode = z.object({
  code: z.string().trim().min(8, 'Enter one of your recovery codes.').max(32, 'Enter one of your recovery codes.'),
});
export type TRecoveryCode = z.infer<typeof ZRecoveryCode>;

import { z } from 'zod';
import { AGENT_TYPES, CUSTOMER_STATUSES } from '../domain';
import { isoDateTime } from './common';

/** The signed-in user as the API shows them. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  customerStatus: z.enum(CUSTOMER_STATUSES),
  isAgent: z.boolean(),
  isAdmin: z.boolean(),
  agentType: z.enum(AGENT_TYPES).nullable(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const agentLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Please fill in all fields').max(320),
  password: z.string().min(1, 'Please fill in all fields').max(256),
});

export const loginQuerySchema = z.object({
  /** Where to go after sign-in: a path on this site only. */
  returnTo: z.string().max(2000).optional(),
});

export const callbackQuerySchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
  })
  .catchall(z.string().max(4096));

export const adminInitializeRequestSchema = z.object({
  email: z.string().trim().min(1, 'Please enter both email and secret').max(320),
  secret: z.string().min(1, 'Please enter both email and secret').max(512),
});

/** GET /api/admin/setup-status: whether the one-time admin setup can still run. */
export const adminSetupStatusSchema = z.object({ available: z.boolean() });
export type AdminSetupStatus = z.infer<typeof adminSetupStatusSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * A redirect target after sign-in: a same-origin path, percent-encoded so it is a valid
 * `Location` header whatever the visitor typed (a raw "/€" would not be). Anything else (another
 * host, "//evil", "/\\evil", a scheme, control characters) falls back to "/".
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return '/';
  }
  // Resolved against a placeholder origin: what stays on it is a path, and URL encodes it.
  const base = 'http://return-to.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What a staff member must still do to finish signing in (platform/sign-in-steps.ts). */
export const SIGN_IN_STEPS = ['code', 'enrol', 'password'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/**
 * POST /api/agent/login and each sign-in step: who signed in (the user, as before steps
 * existed), and `next`, what is left to do (null: signed in fully).
 */
export const signInStateSchema = userSchema.extend({
  next: z.enum(SIGN_IN_STEPS).nullable(),
});
export type SignInState = z.infer<typeof signInStateSchema>;

/** A six-digit TOTP code, or a recovery code (xxxx-xxxx-xxxx-xxxx; case and dashes ignored). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'Enter the code');

export const secondFactorRequestSchema = z.object({ code: secondFactorCodeSchema });

/** POST /api/agent/2fa/enrol: the new secret, for the QR code or typing in by hand. */
export const enrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of `otpauthUrl`, as an SVG image (a data: URL). */
  qrCode: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** POST /api/agent/2fa/enrol/confirm: the ten recovery codes, shown this once. */
export const enrolmentConfirmedSchema = signInStateSchema.extend({
  recoveryCodes: z.array(z.string()),
});
export type EnrolmentConfirmed = z.infer<typeof enrolmentConfirmedSchema>;

export const NEW_PASSWORD_MIN_LENGTH = 8;
export const newPasswordSchema = z
  .string()
  .min(NEW_PASSWORD_MIN_LENGTH, `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');

/**
 * POST /api/agent/password: the current password is required, except at the first sign-in of
 * an account made with a generated one (the password was just given).
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(256).optional(),
  newPassword: newPasswordSchema,
});

/** POST /api/agent/password/reset: a reset link's token and the new password. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().trim().min(1, 'This reset link is not valid.').max(200),
  newPassword: newPasswordSchema,
});

/** GET /api/agent/security: the caller's second factor and sign-ins. */
export const staffSessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  /** The session this request came on. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const newDeviceSchema = z.object({
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTime,
});
export type NewDevice = z.infer<typeof newDeviceSchema>;

export const accountSecuritySchema = z.object({
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  sessions: z.array(staffSessionSchema),
  /** Sign-ins from browsers not seen before, until the member dismisses them. */
  newDevices: z.array(newDeviceSchema),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid('Invalid session id') });

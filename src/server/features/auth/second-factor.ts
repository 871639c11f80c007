import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Enrolment } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { staffRecoveryCodes, users } from '../../db/schema';
import { assertNotLimited, recordFailure } from '../../platform/attempts';
import { writeAudit } from '../../platform/audit';
import type { EventBus } from '../../platform/event-bus';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

export const RECOVERY_CODE_COUNT = 10;
/** One 30 s step either side of now: a phone's clock a little off, a code typed as it turned. */
const TOTP_TOLERANCE_S = 30;
const WRONG_CODE = 'That code is not right. Try again.';
const LIMITED = 'Too many wrong codes. Please wait 15 minutes and try again.';

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * 80 random bits in base32 (xxxx-xxxx-xxxx-xxxx): too many to guess, so a plain SHA-256 keeps
 * them safe at rest (a slow hash buys nothing for a random secret of that size).
 */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(16);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % 32];
  return code.match(/.{4}/g)!.join('-');
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** A new TOTP secret for the caller, not yet in use: the QR code their app scans. */
export async function startEnrolment(options: {
  db: Db;
  bus: EventBus;
  user: SessionUser;
  issuer: string;
}): Promise<Enrolment> {
  const { db, user } = options;
  if (user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on.');
  const secret = generateSecret();
  const [updated] = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  // The confirmation may come before the database's change notification: this instance's kept
  // sessions must not answer it with the user as they were, without this secret.
  options.bus.emit('userChanged', updated!);
  const otpauthUrl = generateURI({
    issuer: options.issuer,
    label: user.email ?? user.id,
    secret,
  });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Whether `code` is the user's TOTP code now (or one step either side), never a code of a step
 * already used: the step is stored in the same statement that accepts it, so two requests with
 * one code cannot both pass.
 */
async function acceptTotp(db: Db, user: SessionUser, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret: user.totpSecret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_S,
    ...(user.totpLastStep === null ? {} : { afterTimeStep: user.totpLastStep }),
  });
  // Always a TOTP result here; the union type also covers HOTP's, which has no time step.
  if (!result.valid || !('timeStep' in result)) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: result.timeStep })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, result.timeStep)),
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Uses up one of the user's recovery codes, if `code` is one not used yet. */
async function acceptRecoveryCode(db: Db, user: SessionUser, code: string): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
        eq(staffRecoveryCodes.userId, user.id),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: staffRecoveryCodes.codeHash });
  return used.length === 1;
}

/**
 * Checks a second-factor code (`accept`: a TOTP code, a recovery code or either), limited as
 * passwords are: five wrong codes in 15 minutes lock the account's codes for the window.
 */
export async function checkSecondFactor(options: {
  db: Db;
  user: SessionUser;
  code: string;
  now: Date;
  accept: 'totp' | 'recovery' | 'either';
}): Promise<'totp' | 'recovery'> {
  const { db, user, now, accept } = options;
  const code = options.code.trim();
  const keys = [{ scope: 'second-factor' as const, key: user.id }];
  await assertNotLimited(db, keys, LIMITED);
  if (accept !== 'recovery' && (await acceptTotp(db, user, code, now))) return 'totp';
  if (accept !== 'totp' && user.totpEnabledAt && (await acceptRecoveryCode(db, user, code)))
    return 'recovery';
  await recordFailure(db, keys);
  throw new AppError('bad_request', WRONG_CODE);
}

/** The first code from the new secret turns two-factor sign-in on; ten recovery codes follow. */
export async function confirmEnrolment(options: {
  db: Db;
  user: SessionUser;
  code: string;
  now: Date;
}): Promise<{ user: SessionUser; recoveryCodes: string[] }> {
  const { db, user } = options;
  if (user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on.');
  if (!user.totpSecret) throw new AppError('bad_request', 'Start the enrolment first.');
  await checkSecondFactor({ ...options, accept: 'totp' });
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(code) })));
    await writeAudit(tx, {
      actorId: user.id,
      action: 'staff.2fa-enrol',
      entityType: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
    return row!;
  });
  return { user: updated, recoveryCodes };
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns a user's second factor off (their recovery codes go with it); the caller audits. */
export async function clearSecondFactor(db: Db, userId: string): Promise<SessionUser> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  const [row] = await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('not_found', 'Agent not found');
  return row;
}

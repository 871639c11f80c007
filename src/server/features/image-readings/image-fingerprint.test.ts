import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  OTHER_RECEIPTS,
  RECEIPT_A,
  bankReceiptScreenshot,
  reusedCopies,
} from '../../../../tests/support/screenshots';
import {
  FINGERPRINT_MAX_DISTANCE,
  fingerprintDistance,
  imageFingerprint,
} from './image-fingerprint';

describe('image fingerprint', () => {
  it('finds the same screenshot re-encoded, resized and cropped, and not another of the same app', async () => {
    const original = await bankReceiptScreenshot(RECEIPT_A);
    const seen = await imageFingerprint(original);
    for (const [change, copy] of Object.entries(await reusedCopies(original))) {
      const distance = fingerprintDistance(seen, await imageFingerprint(copy));
      expect({ change, close: distance <= FINGERPRINT_MAX_DISTANCE }).toEqual({
        change,
        close: true,
      });
    }
    for (const other of OTHER_RECEIPTS) {
      const distance = fingerprintDistance(
        seen,
        await imageFingerprint(await bankReceiptScreenshot(other)),
      );
      expect({ other: other.amount, close: distance <= FINGERPRINT_MAX_DISTANCE }).toEqual({
        other: other.amount,
        close: false,
      });
    }
  });

  it('is a signed 64-bit integer (a PostgreSQL bigint), the same for the same picture', async () => {
    const image = await bankReceiptScreenshot(RECEIPT_A);
    const fingerprint = await imageFingerprint(image);
    expect(fingerprint).toBe(BigInt.asIntN(64, fingerprint));
    expect(await imageFingerprint(image)).toBe(fingerprint);
  });

  it('tells a blank image from a screenshot', async () => {
    const blank = await sharp({
      create: { width: 240, height: 160, channels: 3, background: { r: 20, g: 110, b: 70 } },
    })
      .png()
      .toBuffer();
    const screenshot = await imageFingerprint(await bankReceiptScreenshot(RECEIPT_A));
    expect(fingerprintDistance(await imageFingerprint(blank), screenshot)).toBeGreaterThan(
      FINGERPRINT_MAX_DISTANCE,
    );
  });

  it('counts differing bits across the sign bit', () => {
    expect(fingerprintDistance(-1n, 0n)).toBe(64);
    expect(fingerprintDistance(5n, 3n)).toBe(2);
    expect(fingerprintDistance(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
  });
});

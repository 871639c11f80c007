import sharp from 'sharp';

/**
 * How many of a fingerprint's 64 bits may differ and the picture still "look like" an earlier
 * one. Measured on a bank app's receipt screen (image-fingerprint.test.ts): the same screenshot
 * re-encoded as JPEG, halved, or cropped by 3 % lands within 6 bits. A different receipt of the
 * same layout can land as near (issue 30: 3 bits), so the fingerprint counts only where no
 * reference was read to tell two receipts apart (flag-reading.ts, decision 031), and the agent
 * sees both pictures. docs/operations.md names it.
 */
export const FINGERPRINT_MAX_DISTANCE = 7;

/**
 * How much brighter (of 255 grey levels) a pixel must be than its neighbour to set its bit:
 * flat backgrounds, where the two are equal but for encoding noise, stay 0.
 */
const STEP = 1;

/** The grayscale copy a fingerprint is read from: 9 × 8 pixels give 8 × 8 left-right steps. */
const WIDTH = 9;
const HEIGHT = 8;

/**
 * A 64-bit difference hash (dHash) of an image, as a signed 64-bit integer (a PostgreSQL bigint):
 * the image upright, on white, grayscale and shrunk to 9 × 8; each bit says whether a pixel is
 * clearly brighter than its right-hand neighbour. Shrinking that far keeps the picture's shape and drops
 * what re-encoding, resizing and a small crop change.
 */
export async function imageFingerprint(image: Buffer | string): Promise<bigint> {
  const pixels = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(WIDTH, HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH - 1; x++) {
      const here = pixels[y * WIDTH + x]!;
      const right = pixels[y * WIDTH + x + 1]!;
      bits = (bits << 1n) | (here > right + STEP ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, bits);
}

/** The number of bits in which two fingerprints differ (their Hamming distance). */
export function fingerprintDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

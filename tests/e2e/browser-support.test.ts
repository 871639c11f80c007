import { describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING, connectChromium, hasChromium } from '../support/e2e';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const prefersReducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

describe.skipIf(!hasChromium)('connectChromium (tests/support/e2e.ts, decision 021)', () => {
  it('makes pages that prefer reduced motion, unless a test asks for motion', async () => {
    const browser = await connectChromium();
    try {
      const page = await browser.newPage();
      expect(await page.evaluate(prefersReducedMotion)).toBe(true);
      const context = await browser.newContext();
      expect(await (await context.newPage()).evaluate(prefersReducedMotion)).toBe(true);
      const moving = await browser.newContext({ reducedMotion: 'no-preference' });
      expect(await (await moving.newPage()).evaluate(prefersReducedMotion)).toBe(false);
    } finally {
      await browser.close();
    }
  });
});

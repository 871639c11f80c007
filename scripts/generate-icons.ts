/**
 * Draws the app's PNG icons from the favicon's design (public/favicon.svg) with chromium, so the
 * installed app's icons match the tab's. Run it again after the mark changes, and commit the PNGs:
 *
 *   node --import tsx scripts/generate-icons.ts
 *
 * Writes to public/:
 *   icon-192.png, icon-512.png   the rounded tile on a transparent background (manifest "any")
 *   icon-maskable-512.png        full-bleed square, the mark inside the central 80 % safe zone
 *                                (the launcher crops it to its own shape: circle, squircle...)
 *   apple-touch-icon.png         180 px, full-bleed (iOS rounds the corners itself)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/e2e';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon's drawing: its tile colour and everything drawn on the tile. */
const tile = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const mark = /<rect [^>]*\/>(.*)<\/svg>/s.exec(favicon)?.[1];
if (!tile || !mark)
  throw new Error('public/favicon.svg: expected a <rect> tile followed by the mark');

/** The favicon itself: a rounded tile, transparent around it. */
const roundedSvg = favicon;

/**
 * A square with no rounded corners, the mark scaled down about the centre: the bubble's corners
 * then lie within the 40 % radius circle every launcher mask keeps.
 */
function fullBleedSvg(scale: number): string {
  const offset = 32 * (1 - scale);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${tile}"/>` +
    // The bubble sits a little low in its tile (its tail hangs below): lift it to the centre.
    `<g transform="translate(${offset} ${offset - 2 * scale}) scale(${scale})">${mark}</g>` +
    `</svg>`
  );
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: roundedSvg },
  { file: 'icon-512.png', size: 512, svg: roundedSvg },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleedSvg(0.88) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleedSvg(0.84) },
] as const;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  headless: true,
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const img = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${img}</body></html>`,
    );
    await page.screenshot({
      path: path.join(publicDir, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    console.log(`public/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}

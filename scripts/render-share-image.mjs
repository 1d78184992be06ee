#!/usr/bin/env node
/**
 * Renders the 1200x630 Open Graph / Twitter share image, public/images/share-image.png, from
 * public/images/share-image.svg with headless Chromium. Run after changing the SVG:
 *   node scripts/render-share-image.mjs        (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const imagesDir = fileURLToPath(new URL('../public/images/', import.meta.url));
const svg = await readFile(`${imagesDir}share-image.svg`, 'utf8');
const [width, height] = [1200, 630];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: `${imagesDir}share-image.png`, clip: { x: 0, y: 0, width, height } });
  console.log(`public/images/share-image.png (${width}x${height})`);
} finally {
  await browser.close();
}

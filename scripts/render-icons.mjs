#!/usr/bin/env node
/**
 * Renders the PNG icons of the PWA from the logo (src/client/features/layout/logo.svg, which the
 * site header inlines) with headless Chromium:
 * pwa-192.png, pwa-512.png (rounded logo), maskable-512.png and apple-touch-icon.png (full-bleed
 * background, mark inside the maskable safe zone), favicon-32.png. Run after changing the logo:
 *   node scripts/render-icons.mjs        (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = await readFile(new URL('../src/client/features/layout/logo.svg', import.meta.url), 'utf8');

/** Full-bleed square (the platform applies its own mask) with the mark scaled into the safe zone. */
function fullBleed(svg) {
  return svg
    .replace(/<rect width="512" height="512" rx="\d+"/, '<rect width="512" height="512"')
    .replace(/<g fill/, '<g transform="translate(256 256) scale(0.8) translate(-256 -256)"><g fill')
    .replace(/<\/g>\s*<\/svg>/, '</g></g>\n</svg>');
}

const targets = [
  { file: 'pwa-192.png', size: 192, svg: logo },
  { file: 'pwa-512.png', size: 512, svg: logo },
  { file: 'favicon-32.png', size: 32, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(logo) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(logo) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of targets) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({
      path: `${publicDir}${file}`,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}

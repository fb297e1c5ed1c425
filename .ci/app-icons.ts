/**
 * The installed app's PNG icons (issue 28), drawn once from public/favicon.svg and
 * public/favicon-neutral.svg by Chromium and committed (public/icons/): for each of the product and
 * the neutral identity, 192 and 512 px icons (the SVG as it is), a 512 px maskable icon (the icon drawn at
 * 78 %, its glyph inside the safe zone, on a full-bleed background of its tile's colour) and the 180 px apple-touch-icon
 * (opaque: iOS paints transparency black). Run again after changing a favicon:
 *   npx tsx .ci/app-icons.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const outDir = `${publicDir}icons/`;

/** Each identity: its SVG and the colour of its tile (the SVG's own background rectangle). */
const IDENTITIES = [
  { prefix: 'icon', apple: 'apple-touch-icon', svg: 'favicon.svg', tile: '#FBF5F9' },
  { prefix: 'icon-neutral', apple: 'apple-touch-icon-neutral', svg: 'favicon-neutral.svg', tile: '#F4F4F5' },
] as const;

/** A page of `size` px with the SVG drawn at `glyph` of it, centred, on `background`. */
const page = (svg: string, size: number, glyph: number, background: string) =>
  `<!doctype html><html><body style="margin:0;inline-size:${size}px;block-size:${size}px;display:grid;place-items:center;background:${background}"><img alt="" style="inline-size:${Math.round(size * glyph)}px;block-size:${Math.round(size * glyph)}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`;

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const id of IDENTITIES) {
      const svg = readFileSync(`${publicDir}${id.svg}`, 'utf8');
      const shots = [
        { file: `${id.prefix}-192.png`, size: 192, glyph: 1, background: 'transparent' },
        { file: `${id.prefix}-512.png`, size: 512, glyph: 1, background: 'transparent' },
        { file: `${id.prefix}-maskable-512.png`, size: 512, glyph: 0.78, background: id.tile },
        { file: `${id.apple}.png`, size: 180, glyph: 1, background: id.tile },
      ];
      for (const shot of shots) {
        const context = await browser.newContext({
          viewport: { width: shot.size, height: shot.size },
          deviceScaleFactor: 1,
        });
        const tab = await context.newPage();
        await tab.setContent(page(svg, shot.size, shot.glyph, shot.background));
        await tab.locator('img').evaluate((img: HTMLImageElement) => img.decode());
        await tab.screenshot({
          path: `${outDir}${shot.file}`,
          omitBackground: shot.background === 'transparent',
        });
        await context.close();
        console.log(`public/icons/${shot.file}`);
      }
    }
  } finally {
    await browser.close();
  }
}

await main();

/**
 * `npm run fonts:subset` writes, and `npm run check` (with `--check`) verifies, the Arabic font the
 * app serves: Noto Sans Arabic (variable, weights 100–900) cut down to the Arabic block (U+0600–06FF:
 * letters, tashkeel, Arabic-Indic digits, punctuation) and the joiners and direction marks. The
 * published Arabic subset also carries Arabic Supplement/Extended, presentation forms and the
 * mathematical alphabet, which this product's text never uses: 166 KB → 68 KB of WOFF2 on a slow
 * first visit in Arabic. Shaping (joining, lam-alef) lives in the font's OpenType tables, which
 * harfbuzz's subsetter keeps, as it keeps the weight axis.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = require.resolve(
  '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
);
const target = fileURLToPath(new URL('../src/theme/fonts/noto-sans-arabic-core-wght.woff2', import.meta.url));

/** Keep in step with the unicode-range of the face in src/theme/fonts.css. */
export const ARABIC_CORE = [
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
] as const;

let text = '';
for (const [from, to] of ARABIC_CORE) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
const subset = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });

if (process.argv.includes('--check')) {
  const current = readFileSync(target);
  if (!current.equals(subset)) {
    console.error(`${target} is not the subset of ${source}: run npm run fonts:subset`);
    process.exit(1);
  }
  console.log(`fonts: the Arabic subset is current (${(current.length / 1024).toFixed(1)} KiB)`);
} else {
  writeFileSync(target, subset);
  console.log(`fonts: wrote ${target} (${(subset.length / 1024).toFixed(1)} KiB)`);
}

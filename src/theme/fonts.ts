/**
 * Self-hosted variable fonts (weights 100–900 in one file per subset). The CSS declares every
 * subset with a unicode-range, so the browser downloads only the subsets a page actually uses:
 * Inter's Latin file everywhere, plus Noto Sans Arabic's Arabic file on Arabic pages (see the
 * `arabic` font stack in tokens.ts for why Noto's own Latin subsets are never hit).
 * Import this module once, from the app entry.
 */
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/noto-sans-arabic/wght.css';

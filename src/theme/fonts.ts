/**
 * Self-hosted variable fonts (weights 100–900 in one file per subset), declared in fonts.css with
 * only the subsets this product's text uses. Each face has a unicode-range, so the browser
 * downloads only what a page uses: Inter's Latin file everywhere, plus Noto Sans Arabic's Arabic
 * file on Arabic pages (see the `arabic` font stack in tokens.ts); the first screen's file is
 * preloaded by the build (vite.config.ts `fontPreload`). Import this module once, from the app entry.
 */
import './fonts.css';

import { defineConfig, definePreset } from '@pandacss/dev';
import pandaPreset from '@pandacss/preset-panda';
import { globalCss } from './src/theme/global-css';
import { keyframes } from './src/theme/keyframes';
import { recipes, slotRecipes } from './src/theme/recipes';
import { semanticTokens } from './src/theme/semantic-tokens';
import { textStyles } from './src/theme/text-styles';
import { tokens } from './src/theme/tokens';

/**
 * Panda's own preset, less what every page's stylesheet carried as CSS variables and nothing uses:
 * its twenty colour palettes (about 220 variables; the theme has its own in src/theme/tokens.ts and
 * keeps only the basic colours), blurs, aspect ratios, named animations and letter spacings.
 */
const {
  colors: pandaColors,
  blurs: _blurs,
  aspectRatios: _aspectRatios,
  animations: _animations,
  letterSpacings: _letterSpacings,
  ...pandaTokens
} = pandaPreset.theme.tokens;
const pandaWithoutPalettes = definePreset({
  ...pandaPreset,
  theme: {
    ...pandaPreset.theme,
    tokens: {
      ...pandaTokens,
      colors: {
        current: pandaColors.current,
        black: pandaColors.black,
        white: pandaColors.white,
        transparent: pandaColors.transparent,
      },
    },
  },
});

export default defineConfig({
  presets: ['@pandacss/preset-base', pandaWithoutPalettes],
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  strictTokens: false,
  conditions: {
    extend: {
      /** The document (or a subtree) is in Arabic. */
      arabic: ':is([lang=ar]) &, &:is([lang=ar])',
      /** Ark/zag mark invalid parts with data-invalid / aria-invalid; ignore the native :invalid so
       *  untouched required fields are not red from the start. */
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  globalCss,
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      keyframes,
      recipes,
      slotRecipes,
    },
  },
  // Variants are generated from what the code names literally (`<Button size="sm">`, `input({ size: 'lg' })`).
  // Two recipes get every variant because components pass a variant through at run time: the alert's
  // status (Notice and the forgot-PIN outcome take it as a prop) and the button's variant and size
  // (LinkButtons, the cart's icon buttons). The pagination is listed because Panda does not trace its
  // parts to its recipe (without it the pager has no styles: axe's target-size caught it). Against the
  // former `recipes: '*'` (panda cssgen, every class compared) only 19 variants are left out, which
  // nothing used (avatar, card, checkbox, dialog, input, PIN input, radio cards, spinner and textarea
  // sizes): ~0.5 KiB gzip of CSS on every page. A new wrapper that forwards a variant belongs here.
  staticCss: { recipes: { alert: ['*'], button: ['*'], pagination: ['*'] } },
});

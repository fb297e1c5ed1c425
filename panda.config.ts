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
  // every variant of every recipe is generated, so variants chosen at run time always have CSS
  staticCss: { recipes: '*' },
});

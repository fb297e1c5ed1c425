import { defineConfig } from '@pandacss/dev';
import { globalCss } from './src/theme/global-css';
import { keyframes } from './src/theme/keyframes';
import { recipes, slotRecipes } from './src/theme/recipes';
import { semanticTokens } from './src/theme/semantic-tokens';
import { textStyles } from './src/theme/text-styles';
import { tokens } from './src/theme/tokens';

export default defineConfig({
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

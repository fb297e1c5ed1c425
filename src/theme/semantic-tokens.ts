import { defineSemanticTokens } from '@pandacss/dev';

/**
 * Semantic colours. Every text/background pair below was checked against WCAG 2.2 AA
 * (4.5:1 for text, 3:1 for UI boundaries and focus rings); the ratios are noted next to the pairs.
 *
 *   fg.default  #2B1E28 on bg.canvas #FDFAF6 15.3 · on bg.surface #FFF 15.9 · on bg.subtle #F7F0E6 14.1
 *   fg.muted    #6A5A64 on bg.canvas 6.2 · on bg.surface 6.4 · on bg.subtle 5.7 · on bg.muted 5.2 · on accent.subtle 6.0
 *   fg.onAccent #FFF    on accent.default #6B2D5C 9.7 · on accent.emphasized #55244A 12.1
 *               #FFF    on error.default #B42323 6.6 · on success.default #1B6E65 6.1
 *   accent.fg   #6B2D5C on bg.canvas 9.4 · on accent.subtle #FBF5F9 9.1 · on accent.muted #F5E7F0 8.2 · on plum.200 6.8
 *   error.fg    #961D1D on error.subtle #FEF2F2 7.7 · on bg.surface 8.4 (error.default #B42323 on #FFF 6.6)
 *   success.fg  #165952 on success.subtle #EFFAF8 7.6 · on bg.surface 8.1
 *   highlight.fg #9E3A3C on highlight.subtle #FFF4F3 6.2
 *   fg.default on success/error/info subtle 14.5+
 *   border.emphasized #8F7E88 on bg.surface 3.8, on bg.canvas 3.7 (input boundaries) ·
 *   focusRing #86396C on bg.canvas 7.2, on bg.surface 7.5 (2px outline, 2px offset)
 */
export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: '{colors.sand.50}' },
      surface: { value: '{colors.white}' },
      subtle: { value: '{colors.sand.100}' },
      muted: { value: '{colors.sand.200}' },
      emphasized: { value: '{colors.sand.300}' },
      overlay: { value: 'rgba(42, 16, 36, 0.48)' },
      disabled: { value: '{colors.sand.100}' },
    },
    fg: {
      default: { value: '{colors.sand.900}' },
      muted: { value: '{colors.sand.700}' },
      /** Decorative only (icons, separators): not for text. */
      subtle: { value: '{colors.sand.500}' },
      onAccent: { value: '{colors.white}' },
      disabled: { value: '{colors.sand.700}' },
    },
    accent: {
      default: { value: '{colors.plum.700}' },
      emphasized: { value: '{colors.plum.800}' },
      fg: { value: '{colors.plum.700}' },
      subtle: { value: '{colors.plum.50}' },
      muted: { value: '{colors.plum.100}' },
      border: { value: '{colors.plum.300}' },
    },
    highlight: {
      default: { value: '{colors.rose.400}' },
      fg: { value: '{colors.rose.700}' },
      subtle: { value: '{colors.rose.50}' },
      muted: { value: '{colors.rose.100}' },
    },
    border: {
      default: { value: '{colors.sand.300}' },
      subtle: { value: '{colors.sand.200}' },
      /** Boundaries of inputs and controls: 3.8:1 on white. */
      emphasized: { value: '{colors.sand.600}' },
    },
    focusRing: { value: '{colors.plum.600}' },
    error: {
      default: { value: '{colors.red.600}' },
      emphasized: { value: '{colors.red.700}' },
      fg: { value: '{colors.red.700}' },
      subtle: { value: '{colors.red.50}' },
      border: { value: '{colors.red.200}' },
    },
    success: {
      default: { value: '{colors.teal.700}' },
      emphasized: { value: '{colors.teal.800}' },
      fg: { value: '{colors.teal.800}' },
      subtle: { value: '{colors.teal.50}' },
      border: { value: '{colors.teal.200}' },
    },
    info: {
      default: { value: '{colors.plum.700}' },
      fg: { value: '{colors.plum.700}' },
      subtle: { value: '{colors.plum.50}' },
      border: { value: '{colors.plum.200}' },
    },
  },
  lineHeights: {
    /** Body line height; a little taller for Arabic script. */
    body: { value: { base: '1.6', _arabic: '1.8' } },
    heading: { value: { base: '1.25', _arabic: '1.45' } },
  },
});

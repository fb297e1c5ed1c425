import { defineTokens } from '@pandacss/dev';

/**
 * Raw palette. Views should prefer the semantic tokens (semantic-tokens.ts); these scales are
 * there for the few places that need a specific shade (illustrations, the logo, charts).
 */
export const tokens = defineTokens({
  colors: {
    white: { value: '#FFFFFF' },
    /** Primary: deep plum / aubergine. 700 is the brand colour. */
    plum: {
      50: { value: '#FBF5F9' },
      100: { value: '#F5E7F0' },
      200: { value: '#EBCFE1' },
      300: { value: '#DCAAC8' },
      400: { value: '#C47DA7' },
      500: { value: '#A35486' },
      600: { value: '#86396C' },
      700: { value: '#6B2D5C' },
      800: { value: '#55244A' },
      900: { value: '#3F1B37' },
      950: { value: '#2A1024' },
    },
    /** Warm rose accent (decoration, highlights, the logo). */
    rose: {
      50: { value: '#FFF4F3' },
      100: { value: '#FDE6E4' },
      200: { value: '#FACBC7' },
      300: { value: '#F4A6A0' },
      400: { value: '#EA7E78' },
      500: { value: '#D9605B' },
      600: { value: '#BE4747' },
      700: { value: '#9E3A3C' },
      800: { value: '#7E3033' },
      900: { value: '#5F2427' },
    },
    /** Warm neutrals: soft sand and cream backgrounds, plum-tinted greys for text. */
    sand: {
      50: { value: '#FDFAF6' },
      100: { value: '#F7F0E6' },
      200: { value: '#F0E6D8' },
      300: { value: '#E6D8C6' },
      400: { value: '#CDB9A3' },
      500: { value: '#A8927E' },
      600: { value: '#8F7E88' },
      700: { value: '#6A5A64' },
      800: { value: '#45363F' },
      900: { value: '#2B1E28' },
    },
    teal: {
      50: { value: '#EFFAF8' },
      100: { value: '#D6F1EC' },
      200: { value: '#A9E0D6' },
      300: { value: '#6FC6B8' },
      400: { value: '#3FAA9B' },
      500: { value: '#2A8F82' },
      600: { value: '#217C71' },
      700: { value: '#1B6E65' },
      800: { value: '#165952' },
      900: { value: '#11443F' },
    },
    red: {
      50: { value: '#FEF2F2' },
      100: { value: '#FDE3E3' },
      200: { value: '#F8C4C4' },
      300: { value: '#F09898' },
      400: { value: '#E26464' },
      500: { value: '#CF3D3D' },
      600: { value: '#B42323' },
      700: { value: '#961D1D' },
      800: { value: '#7A1A1A' },
      900: { value: '#5E1515' },
    },
  },
  fonts: {
    /** Latin UI font. */
    body: {
      value:
        "'Inter Variable', 'Inter Fallback Arial', 'Inter Fallback Roboto', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    },
    /**
     * Arabic UI font: Noto Sans Arabic's Arabic subset (U+0600–06FF) for the Arabic letters; spaces,
     * digits and the odd Latin word fall through to the local fallbacks sized like Inter (Arial or
     * Liberation Sans, Roboto on Android), so an Arabic page downloads one font file, not two
     * (Inter's 48 KiB are not on an Arabic first visit's path; issue 11).
     */
    arabic: {
      value:
        "'Noto Sans Arabic Variable', 'Inter Fallback Arial', 'Inter Fallback Roboto', 'Segoe UI', Tahoma, system-ui, sans-serif",
    },
    mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
  },
  radii: {
    xs: { value: '4px' },
    sm: { value: '6px' },
    md: { value: '10px' },
    lg: { value: '16px' },
    xl: { value: '20px' },
    '2xl': { value: '28px' },
    full: { value: '9999px' },
  },
  shadows: {
    xs: { value: '0 1px 2px rgba(63, 27, 55, 0.06)' },
    sm: { value: '0 1px 3px rgba(63, 27, 55, 0.07), 0 1px 2px rgba(63, 27, 55, 0.04)' },
    md: { value: '0 4px 12px -2px rgba(63, 27, 55, 0.10), 0 2px 4px -2px rgba(63, 27, 55, 0.06)' },
    lg: { value: '0 12px 28px -6px rgba(63, 27, 55, 0.16), 0 4px 8px -4px rgba(63, 27, 55, 0.06)' },
    xl: { value: '0 24px 48px -12px rgba(63, 27, 55, 0.24)' },
  },
  durations: {
    fastest: { value: '50ms' },
    faster: { value: '100ms' },
    fast: { value: '150ms' },
    normal: { value: '200ms' },
    slow: { value: '300ms' },
    slower: { value: '400ms' },
    slowest: { value: '500ms' },
  },
  easings: {
    default: { value: 'cubic-bezier(0.2, 0, 0, 1)' },
    emphasizedIn: { value: 'cubic-bezier(0.05, 0.7, 0.1, 1)' },
    emphasizedOut: { value: 'cubic-bezier(0.3, 0, 0.8, 0.15)' },
  },
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
});

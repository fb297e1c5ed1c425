import { defineTextStyles } from '@pandacss/dev';

export const textStyles = defineTextStyles({
  display: {
    value: {
      fontSize: { base: '3xl', md: '4xl' },
      fontWeight: '700',
      lineHeight: 'heading',
      letterSpacing: '-0.02em',
    },
  },
  heading: {
    xl: {
      value: {
        fontSize: { base: '2xl', md: '3xl' },
        fontWeight: '700',
        lineHeight: 'heading',
        letterSpacing: '-0.01em',
      },
    },
    lg: { value: { fontSize: { base: 'xl', md: '2xl' }, fontWeight: '650', lineHeight: 'heading' } },
    md: { value: { fontSize: 'xl', fontWeight: '650', lineHeight: 'heading' } },
    sm: { value: { fontSize: 'lg', fontWeight: '600', lineHeight: 'heading' } },
  },
  body: {
    lg: { value: { fontSize: 'lg', lineHeight: 'body' } },
    md: { value: { fontSize: 'md', lineHeight: 'body' } },
    sm: { value: { fontSize: 'sm', lineHeight: 'body' } },
  },
  label: { value: { fontSize: 'sm', fontWeight: '600', lineHeight: 'body' } },
  caption: { value: { fontSize: 'xs', lineHeight: 'body' } },
});

import { defineSlotRecipe } from '@pandacss/dev';

export const emptyState = defineSlotRecipe({
  className: 'empty-state',
  jsx: ['EmptyState'],
  slots: ['root', 'icon', 'title', 'description', 'action'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '3',
      py: { base: '10', md: '14' },
      px: '6',
      width: 'full',
    },
    icon: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '16',
      height: '16',
      mb: '1',
      borderRadius: 'full',
      bg: 'accent.muted',
      color: 'accent.fg',
      '& svg': { width: '7', height: '7' },
    },
    title: { textStyle: 'heading.sm', color: 'fg.default' },
    description: { textStyle: 'body.md', color: 'fg.muted', maxWidth: 'sm' },
    action: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3', mt: '2' },
  },
});

import { defineSlotRecipe } from '@pandacss/dev';

export const alert = defineSlotRecipe({
  className: 'alert',
  jsx: [/Alert\.+/],
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      width: 'full',
      p: '4',
      borderRadius: 'md',
      borderWidth: '1px',
      color: 'fg.default',
    },
    icon: { display: 'inline-flex', flexShrink: '0', mt: '0.5', '& svg': { width: '5', height: '5' } },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minWidth: '0' },
    title: { fontWeight: '600', lineHeight: 'heading' },
    description: { textStyle: 'body.sm' },
  },
  variants: {
    status: {
      info: { root: { bg: 'info.subtle', borderColor: 'info.border' }, icon: { color: 'info.fg' } },
      success: {
        root: { bg: 'success.subtle', borderColor: 'success.border' },
        icon: { color: 'success.fg' },
      },
      error: {
        root: { bg: 'error.subtle', borderColor: 'error.border' },
        icon: { color: 'error.fg' },
        title: { color: 'error.fg' },
      },
    },
  },
  defaultVariants: { status: 'info' },
});

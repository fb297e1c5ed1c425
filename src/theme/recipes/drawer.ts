import { defineSlotRecipe } from '@pandacss/dev';
import { closeTrigger } from './shared';

/** Side panel built on Ark Dialog: slides in from the inline end (right in LTR, left in RTL). */
export const drawer = defineSlotRecipe({
  className: 'drawer',
  jsx: [/Drawer\.+/],
  slots: [
    'trigger',
    'backdrop',
    'positioner',
    'content',
    'header',
    'title',
    'description',
    'body',
    'footer',
    'closeTrigger',
  ],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'bg.overlay',
      zIndex: 'overlay',
      _open: { animation: 'backdropIn {durations.slow} {easings.default}' },
      _closed: { animation: 'backdropOut {durations.normal} {easings.default}' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      // flex-end is the inline end: right in LTR, left in RTL
      justifyContent: 'flex-end',
      alignItems: 'stretch',
      overscrollBehavior: 'contain',
      // the content starts its slide-in a whole width past the screen's edge. Clipped here (both
      // sides, so either direction), that frame can never widen the page: on a phone, where
      // window.innerWidth follows the page's width, Ark's scroll lock would read the extra 320 px as
      // a scrollbar and pad body by it (issue 21; the Portal in ./drawer.tsx is the main fix)
      overflowX: 'clip',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      width: 'min(320px, 85vw)',
      height: '100dvh',
      bg: 'bg.surface',
      color: 'fg.default',
      boxShadow: 'xl',
      borderStartRadius: 'lg',
      outline: 'none',
      overflow: 'hidden',
      _open: { animation: 'slideInFromEnd {durations.slow} {easings.emphasizedIn}' },
      _closed: { animation: 'slideOutToEnd {durations.normal} {easings.emphasizedOut}' },
    },
    header: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      ps: '5',
      pe: '16',
      pt: '5',
      pb: '3',
      minHeight: '16',
    },
    title: { textStyle: 'heading.sm', color: 'fg.default' },
    description: { textStyle: 'body.sm', color: 'fg.muted' },
    body: {
      flex: '1',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      px: '3',
      py: '2',
    },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      gap: '3',
      px: '5',
      pt: '4',
      pb: 'max(1rem, env(safe-area-inset-bottom))',
      borderTopWidth: '1px',
      borderColor: 'border.subtle',
    },
    closeTrigger: { ...closeTrigger, top: '3', insetEnd: '3' },
  },
});

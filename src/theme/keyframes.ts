import { defineKeyframes } from '@pandacss/dev';

/**
 * `--dir-sign` is 1 in LTR and -1 in RTL (set in global-css.ts), so the "end" slides mirror
 * with the document direction without separate keyframes.
 */
export const keyframes = defineKeyframes({
  fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
  fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
  backdropIn: { from: { opacity: '0' }, to: { opacity: '1' } },
  backdropOut: { from: { opacity: '1' }, to: { opacity: '0' } },
  slideInFromEnd: {
    from: { transform: 'translateX(calc(100% * var(--dir-sign, 1)))' },
    to: { transform: 'translateX(0)' },
  },
  slideOutToEnd: {
    from: { transform: 'translateX(0)' },
    to: { transform: 'translateX(calc(100% * var(--dir-sign, 1)))' },
  },
  dialogIn: {
    from: { opacity: '0', transform: 'translateY(8px) scale(0.97)' },
    to: { opacity: '1', transform: 'translateY(0) scale(1)' },
  },
  dialogOut: {
    from: { opacity: '1', transform: 'translateY(0) scale(1)' },
    to: { opacity: '0', transform: 'translateY(4px) scale(0.98)' },
  },
  popIn: {
    from: { opacity: '0', transform: 'translateY(-4px) scale(0.98)' },
    to: { opacity: '1', transform: 'translateY(0) scale(1)' },
  },
  popOut: { from: { opacity: '1' }, to: { opacity: '0', transform: 'translateY(-2px) scale(0.99)' } },
  spin: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
});

import {
  SwitchControl,
  SwitchHiddenInput,
  SwitchLabel,
  SwitchRoot,
  type SwitchRootProps,
  SwitchThumb,
} from '@ark-ui/react/switch';
import type { ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

const root = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '9',
  cursor: 'pointer',
  userSelect: 'none',
  _disabled: { cursor: 'not-allowed', opacity: '0.6' },
});
const control = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: '0',
  width: '9',
  height: '5',
  p: '0.5',
  borderRadius: 'full',
  bg: 'border.emphasized',
  transitionProperty: 'background-color',
  transitionDuration: 'normal',
  _checked: { bg: 'accent.default' },
  // the focus ring sits on the visible track (the real input is hidden)
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const thumb = css({
  width: '4',
  height: '4',
  borderRadius: 'full',
  bg: 'white',
  boxShadow: 'sm',
  transitionProperty: 'transform',
  transitionDuration: 'normal',
  // logical: the thumb moves to the inline end, so it mirrors in Arabic
  _checked: { transform: 'translateX(1rem)', _rtl: { transform: 'translateX(-1rem)' } },
  _motionReduce: { transition: 'none' },
});
const label = css({ textStyle: 'body.sm', color: 'inherit', fontWeight: 'medium', whiteSpace: 'nowrap' });

/**
 * Ark Switch styled with Panda: the whole row (a <label>) is the touch target; Ark renders a
 * hidden checkbox input, so it is read as a checkbox with the label as its name.
 *
 *   <Switch checked={on} onCheckedChange={(e) => …}>Discreet mode</Switch>
 */
export function Switch({
  children,
  className,
  ...props
}: SwitchRootProps & { children: ReactNode; className?: string }) {
  return (
    <SwitchRoot className={cx(root, className)} {...props}>
      <SwitchControl className={control}>
        <SwitchThumb className={thumb} />
      </SwitchControl>
      <SwitchLabel className={label}>{children}</SwitchLabel>
      <SwitchHiddenInput />
    </SwitchRoot>
  );
}

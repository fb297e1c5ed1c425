import {
  PasswordInputControl,
  type PasswordInputControlProps,
  PasswordInputIndicator,
  PasswordInputInput,
  type PasswordInputInputProps,
  PasswordInputRoot,
  PasswordInputVisibilityTrigger,
} from '@ark-ui/react/password-input';
import { css, cx } from '../../styled-system/css';
import { input } from '../../styled-system/recipes';
import { EyeIcon, EyeOffIcon } from '../theme/icons';

/**
 * Masked entry with a show/hide toggle (Ark PasswordInput), used for a PIN of any length 6–12.
 * Inside a Field.Root it takes the field's id, label and error wiring. Digits stay left to right.
 *
 *   <PasswordInput.Root><PasswordInput.Control>
 *     <PasswordInput.Input inputMode="numeric" /><PasswordInput.VisibilityTrigger showLabel hideLabel />
 *   </PasswordInput.Control></PasswordInput.Root>
 */
export const Root = PasswordInputRoot;

export const Control = ({ className, ...props }: PasswordInputControlProps) => (
  <PasswordInputControl
    {...props}
    className={cx(css({ position: 'relative', display: 'flex' }), className)}
  />
);

export const Input = ({ className, ...props }: PasswordInputInputProps) => (
  <PasswordInputInput
    dir="ltr"
    {...props}
    className={cx(
      input({ size: 'md' }),
      css({
        pe: '12',
        textAlign: 'start',
        letterSpacing: '0.2em',
        fontVariantNumeric: 'tabular-nums',
        _rtl: { textAlign: 'end' },
      }),
      className,
    )}
  />
);

export const VisibilityTrigger = ({ showLabel, hideLabel }: { showLabel: string; hideLabel: string }) => (
  <PasswordInputVisibilityTrigger
    className={css({
      position: 'absolute',
      insetEnd: '1',
      top: '50%',
      transform: 'translateY(-50%)',
      boxSize: '10',
      display: 'grid',
      placeItems: 'center',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
      '& svg': { boxSize: '5' },
    })}
  >
    <PasswordInputIndicator fallback={<EyeIcon aria-label={showLabel} role="img" />}>
      <EyeOffIcon aria-label={hideLabel} role="img" />
    </PasswordInputIndicator>
  </PasswordInputVisibilityTrigger>
);

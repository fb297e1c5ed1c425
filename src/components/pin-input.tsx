import { LocaleProvider } from '@ark-ui/react/locale';
import {
  PinInputControl,
  PinInputHiddenInput,
  PinInputInput,
  PinInputLabel,
  PinInputRoot,
} from '@ark-ui/react/pin-input';
import type { ComponentProps } from 'react';
import { pinInput } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(pinInput);

/**
 * PIN entry, one box per digit. Digits always run left to right, Arabic included: Root runs
 * the Ark machine under an LTR locale (Ark takes `dir` only from its LocaleProvider), so arrow
 * keys match what is on screen and every part gets dir="ltr"; the recipe then lets the root and
 * label follow the page direction again (CSS `direction`), so an Arabic label stays right-aligned.
 * Pass `translations={{ inputLabel: (i, n) => … }}` for the per-box accessible names (Ark's
 * default is English "pin code 1 of 4").
 *
 *   <PinInput.Root otp mask onValueComplete={…}>
 *     <PinInput.Label>…</PinInput.Label>
 *     <PinInput.Control>{[0, 1, 2, 3].map((i) => <PinInput.Input key={i} index={i} />)}</PinInput.Control>
 *     <PinInput.HiddenInput />
 *   </PinInput.Root>
 */
const StyledRoot = /* @__PURE__ */ ctx.withProvider(PinInputRoot, 'root', {
  defaultProps: { type: 'numeric', placeholder: '' },
});
type RootProps = ComponentProps<typeof StyledRoot>;
export const Root = (props: RootProps) => (
  <LocaleProvider locale="en-US">
    <StyledRoot {...props} />
  </LocaleProvider>
);
export const Label = /* @__PURE__ */ ctx.withContext(PinInputLabel, 'label');
export const Control = /* @__PURE__ */ ctx.withContext(PinInputControl, 'control', {
  defaultProps: { dir: 'ltr' },
});
export const Input = /* @__PURE__ */ ctx.withContext(PinInputInput, 'input');
export const HiddenInput = PinInputHiddenInput;

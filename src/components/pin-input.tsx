import { PinInput as ArkPinInput } from '@ark-ui/react/pin-input';
import type { ComponentProps } from 'react';
import { pinInput } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const { withProvider, withContext } = createStyleContext(pinInput);

/**
 * PIN entry, one box per digit. Digits always run left to right, Arabic included: the machine
 * runs with `dir="ltr"` (so arrow keys match what is on screen) and the control is laid out LTR,
 * while the recipe keeps the root and label following the page direction.
 *
 *   <PinInput.Root otp mask onValueComplete={…}>
 *     <PinInput.Label>…</PinInput.Label>
 *     <PinInput.Control>{[0, 1, 2, 3].map((i) => <PinInput.Input key={i} index={i} />)}</PinInput.Control>
 *     <PinInput.HiddenInput />
 *   </PinInput.Root>
 */
export const Root = /* @__PURE__ */ withProvider(ArkPinInput.Root, 'root', {
  defaultProps: { dir: 'ltr', type: 'numeric', placeholder: '' },
});
export const Label = /* @__PURE__ */ withContext(ArkPinInput.Label, 'label');
export const Control = /* @__PURE__ */ withContext(ArkPinInput.Control, 'control', {
  defaultProps: { dir: 'ltr' },
});
export const Input = /* @__PURE__ */ withContext(ArkPinInput.Input, 'input');
export const HiddenInput = ArkPinInput.HiddenInput;

export { PinInputContext as Context, usePinInputContext as useContext } from '@ark-ui/react/pin-input';
export type RootProps = ComponentProps<typeof Root>;

import {
  CheckboxControl,
  CheckboxGroup,
  CheckboxHiddenInput,
  CheckboxIndicator,
  type CheckboxIndicatorProps,
  CheckboxLabel,
  CheckboxRoot,
} from '@ark-ui/react/checkbox';
import { checkbox } from '../../styled-system/recipes';
import { CheckIcon, MinusIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(checkbox);

/**
 *   <Checkbox.Root checked={ok} onCheckedChange={(e) => setOk(e.checked === true)}>
 *     <Checkbox.Control><Checkbox.Indicator /></Checkbox.Control>
 *     <Checkbox.Label>…</Checkbox.Label>
 *     <Checkbox.HiddenInput />
 *   </Checkbox.Root>
 * Root is a <label>, so the whole row is the touch target (at least 44 px high).
 */
export const Root = /* @__PURE__ */ ctx.withProvider(CheckboxRoot, 'root');
export const Control = /* @__PURE__ */ ctx.withContext(CheckboxControl, 'control');
export const Label = /* @__PURE__ */ ctx.withContext(CheckboxLabel, 'label');
export const Group = /* @__PURE__ */ ctx.withProvider(CheckboxGroup, 'group');
export const HiddenInput = CheckboxHiddenInput;

const StyledIndicator = /* @__PURE__ */ ctx.withContext(CheckboxIndicator, 'indicator');
/** Check mark shown while checked (or a dash with `indeterminate`). */
export const Indicator = ({ children, indeterminate, ...props }: CheckboxIndicatorProps) => (
  <StyledIndicator indeterminate={indeterminate} {...props}>
    {children ?? (indeterminate ? <MinusIcon /> : <CheckIcon />)}
  </StyledIndicator>
);

import {
  ProgressLabel,
  ProgressRange,
  ProgressRoot,
  ProgressTrack,
  ProgressValueText,
} from '@ark-ui/react/progress';
import type { ComponentProps, ReactNode } from 'react';
import { progress } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(progress);

const Root = /* @__PURE__ */ ctx.withProvider(ProgressRoot, 'root');
const Label = /* @__PURE__ */ ctx.withContext(ProgressLabel, 'label');
const ValueText = /* @__PURE__ */ ctx.withContext(ProgressValueText, 'valueText');
const Track = /* @__PURE__ */ ctx.withContext(ProgressTrack, 'track');
const Range = /* @__PURE__ */ ctx.withContext(ProgressRange, 'range');

interface BarProps extends Omit<ComponentProps<typeof Root>, 'children'> {
  label: ReactNode;
  /** The value as she reads it ("40 %", "3 of 8 answered"). */
  valueText: ReactNode;
  valueTestId?: string;
}

/**
 * Linear progress (Ark Progress: role=progressbar with aria-valuenow and a text value): the label
 * and the value on one line, the bar below. `translations.value` names the value for screen readers.
 *
 *   <Progress.Bar value={40} translations={{ value: () => '40 %' }} label="Progress" valueText="40 %" />
 */
export function Bar({ label, valueText, valueTestId, ...props }: BarProps) {
  return (
    <Root {...props}>
      <Label>{label}</Label>
      <ValueText data-testid={valueTestId}>{valueText}</ValueText>
      <Track>
        <Range />
      </Track>
    </Root>
  );
}

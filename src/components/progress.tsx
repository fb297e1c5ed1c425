import {
  ProgressLabel,
  ProgressRange,
  ProgressRoot,
  ProgressTrack,
  ProgressValueText,
} from '@ark-ui/react/progress';
import type { ComponentProps } from 'react';
import { progress } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(progress);

/**
 * Linear progress (Ark Progress: role=progressbar with aria-valuenow and a text value).
 *
 *   <Progress.Root value={40} translations={{ value: () => '40 %' }}>
 *     <Progress.Label>Progress</Progress.Label>
 *     <Progress.ValueText />
 *     <Progress.Track><Progress.Range /></Progress.Track>
 *   </Progress.Root>
 */
export const Root = /* @__PURE__ */ ctx.withProvider(ProgressRoot, 'root');
export const Label = /* @__PURE__ */ ctx.withContext(ProgressLabel, 'label');
export const ValueText = /* @__PURE__ */ ctx.withContext(ProgressValueText, 'valueText');
export const Track = /* @__PURE__ */ ctx.withContext(ProgressTrack, 'track');
export const Range = /* @__PURE__ */ ctx.withContext(ProgressRange, 'range');

export { ProgressContext as Context, useProgressContext as useContext } from '@ark-ui/react/progress';
export type RootProps = ComponentProps<typeof Root>;

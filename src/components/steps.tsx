import {
  StepsCompletedContent,
  StepsContent,
  StepsIndicator,
  type StepsIndicatorProps,
  StepsItem,
  StepsList,
  StepsNextTrigger,
  StepsPrevTrigger,
  StepsProgress,
  StepsRoot,
  StepsSeparator,
  StepsTrigger,
  useStepsItemContext,
} from '@ark-ui/react/steps';
import type { ComponentProps } from 'react';
import { steps } from '../../styled-system/recipes';
import { CheckIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(steps);

/**
 * Multi-step flow (e.g. sign-up):
 *
 *   <Steps.Root count={3} step={step} onStepChange={(e) => setStep(e.step)} linear>
 *     <Steps.List>
 *       {titles.map((title, index) => (
 *         <Steps.Item key={title} index={index}>
 *           <Steps.Trigger><Steps.Indicator /><Steps.ItemTitle>{title}</Steps.ItemTitle></Steps.Trigger>
 *           <Steps.Separator />
 *         </Steps.Item>
 *       ))}
 *     </Steps.List>
 *     <Steps.Content index={0}>…</Steps.Content>
 *     <Steps.CompletedContent>…</Steps.CompletedContent>
 *     <Steps.PrevTrigger asChild><Button variant="outline">…</Button></Steps.PrevTrigger>
 *     <Steps.NextTrigger asChild><Button>…</Button></Steps.NextTrigger>
 *   </Steps.Root>
 *
 * On phones only the current step shows its title; the others show just their number.
 */
export const Root = /* @__PURE__ */ ctx.withProvider(StepsRoot, 'root');
export const List = /* @__PURE__ */ ctx.withContext(StepsList, 'list');
export const Item = /* @__PURE__ */ ctx.withContext(StepsItem, 'item');
export const Trigger = /* @__PURE__ */ ctx.withContext(StepsTrigger, 'trigger');
export const ItemTitle = /* @__PURE__ */ ctx.withContext('span', 'itemTitle');
export const Separator = /* @__PURE__ */ ctx.withContext(StepsSeparator, 'separator');
export const Content = /* @__PURE__ */ ctx.withContext(StepsContent, 'content');
export const CompletedContent = /* @__PURE__ */ ctx.withContext(StepsCompletedContent, 'content');
export const NextTrigger = /* @__PURE__ */ ctx.withContext(StepsNextTrigger, 'nextTrigger');
export const PrevTrigger = /* @__PURE__ */ ctx.withContext(StepsPrevTrigger, 'prevTrigger');
export const Progress = /* @__PURE__ */ ctx.withContext(StepsProgress, 'progress');

const StyledIndicator = /* @__PURE__ */ ctx.withContext(StepsIndicator, 'indicator');

const DefaultIndicator = () => {
  const item = useStepsItemContext();
  return item.completed ? <CheckIcon /> : item.index + 1;
};

/** Step number, or a check mark once the step is complete (children override it). */
export const Indicator = ({ children, ...props }: StepsIndicatorProps) => (
  <StyledIndicator {...props}>{children ?? <DefaultIndicator />}</StyledIndicator>
);

export {
  StepsContext as Context,
  useStepsContext as useContext,
  useStepsItemContext as useItemContext,
} from '@ark-ui/react/steps';
export type RootProps = ComponentProps<typeof Root>;

import {
  AccordionItem,
  AccordionItemContent,
  AccordionItemIndicator,
  AccordionItemTrigger,
  AccordionRoot,
} from '@ark-ui/react/accordion';
import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { accordion } from '../../styled-system/recipes';
import { ChevronDownIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(accordion);

/**
 * Accordion (Ark): each trigger a real button with aria-expanded/aria-controls, arrow keys between
 * triggers, Home/End. Put each trigger in a heading of the page's level (`Accordion.Heading as`),
 * so the questions are in the page's outline.
 *
 *   <Accordion.Root multiple collapsible>
 *     <Accordion.Item value="q1">
 *       <Accordion.Heading as="h3">
 *         <Accordion.Trigger>Question<Accordion.Indicator /></Accordion.Trigger>
 *       </Accordion.Heading>
 *       <Accordion.Content><Accordion.Body>Answer</Accordion.Body></Accordion.Content>
 *     </Accordion.Item>
 *   </Accordion.Root>
 */
export const Root = /* @__PURE__ */ ctx.withProvider(AccordionRoot, 'root');
export const Item = /* @__PURE__ */ ctx.withContext(AccordionItem, 'item');
export const Trigger = /* @__PURE__ */ ctx.withContext(AccordionItemTrigger, 'trigger');
export const Content = /* @__PURE__ */ ctx.withContext(AccordionItemContent, 'content');
export const Body = /* @__PURE__ */ ctx.withContext('div', 'body');

const IndicatorPart = /* @__PURE__ */ ctx.withContext(AccordionItemIndicator, 'indicator');
/** The chevron at the trigger's end; turns when the item is open. */
export const Indicator = (props: ComponentProps<typeof AccordionItemIndicator>) => (
  <IndicatorPart {...props}>{props.children ?? <ChevronDownIcon />}</IndicatorPart>
);

type HeadingProps = ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' };
/** The heading around a trigger (an h3 unless `as` says otherwise). */
export const Heading = ({ as: Tag = 'h3', className, ...props }: HeadingProps) => (
  <ctx.StyleContext.Consumer>
    {(classes) => <Tag {...props} className={cx(classes?.heading, className)} />}
  </ctx.StyleContext.Consumer>
);

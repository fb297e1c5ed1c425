import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { card } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(card);

/** Card: `variant` outline (default) | elevated | subtle; `interactive` adds hover lift and a focus ring for cards wrapping a link. */
export const Root = /* @__PURE__ */ ctx.withProvider('div', 'root');
export const Header = /* @__PURE__ */ ctx.withContext('div', 'header');
export const Body = /* @__PURE__ */ ctx.withContext('div', 'body');
export const Footer = /* @__PURE__ */ ctx.withContext('div', 'footer');

type TitleProps = ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' | 'p' };
/** Card title, an h3 unless `as` says otherwise. */
export const Title = ({ as: Tag = 'h3', className, ...props }: TitleProps) => (
  <ctx.StyleContext.Consumer>
    {(classes) => <Tag {...props} className={cx(classes?.title, className)} />}
  </ctx.StyleContext.Consumer>
);

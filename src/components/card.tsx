import type { ComponentProps } from 'react';
import { css, cx } from '../../styled-system/css';
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

/**
 * The title's link of a card that is one link as a whole (`interactive`): stretched over the card,
 * so the card is a single stop for the keyboard and a large target on a phone.
 */
export const stretchedLink = css({
  color: 'fg.default',
  textDecoration: 'none',
  outline: 'none',
  _hover: { color: 'accent.fg', textDecoration: 'underline' },
  _after: { content: '""', position: 'absolute', inset: '0', zIndex: '1' },
});

/** A small caption in capitals over or under a card's title (a topic, a level, a specialty); Arabic has none: a little larger instead. */
export const eyebrow = css({
  textStyle: 'caption',
  fontWeight: '600',
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: 'accent.fg',
  _arabic: { textTransform: 'none', letterSpacing: '0', fontSize: 'sm' },
});

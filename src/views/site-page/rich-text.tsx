import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { inlineLinkStyle } from '../../components/text-link';

/** What a page's messages hold besides words: links inside a sentence, keys, a promo code. */

/** `<link>…</link>` in a message as a link inside the sentence (underlined, so it stands out from the text). */
export function linkTo(href: string) {
  return (chunks: ReactNode[]) => (
    <Link href={href} className={inlineLinkStyle}>
      {chunks}
    </Link>
  );
}

const kbdStyle = css({
  display: 'inline-block',
  px: '1.5',
  mx: '0.5',
  minWidth: '7',
  textAlign: 'center',
  fontFamily: 'mono',
  fontSize: '0.9em',
  lineHeight: '1.5',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderBottomWidth: '2px',
  borderColor: 'border.emphasized',
  borderRadius: 'sm',
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

/** `<kbd>…</kbd>` in a message: a key on the keyboard. */
export const kbd = (chunks: ReactNode[]) => <kbd className={kbdStyle}>{chunks}</kbd>;

const codeStyle = css({
  display: 'inline-block',
  mx: '1',
  px: '2',
  py: '0.5',
  fontFamily: 'mono',
  fontWeight: '700',
  letterSpacing: '0.06em',
  bg: 'bg.surface',
  color: 'accent.fg',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'accent.border',
  borderRadius: 'md',
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

/** A promo code as the member types it (left to right, in Arabic too). */
export function PromoCode({ code }: { code: string }) {
  return (
    <code className={codeStyle} translate="no">
      {code}
    </code>
  );
}

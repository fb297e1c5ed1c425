import { css } from '../../styled-system/css';
import { CheckIcon } from '../theme/icons';

const list = css({
  display: 'grid',
  gap: '2.5',
  '& li': { display: 'flex', gap: '2.5', alignItems: 'flex-start', maxWidth: '70ch' },
  '& svg': { width: '5', height: '5', flexShrink: '0', mt: '0.5', color: 'success.default' },
});

/** A plain bulleted list (the bullets in the accent colour), e.g. who a course is for. */
export const bulletList = css({
  display: 'grid',
  gap: '2.5',
  ps: '5',
  listStyleType: 'disc',
  '& li': { textStyle: 'body.md', maxWidth: '70ch', ps: '1' },
  '& li::marker': { color: 'accent.fg' },
});

/** Short lines each with a green tick, e.g. what a course teaches. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className={list}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

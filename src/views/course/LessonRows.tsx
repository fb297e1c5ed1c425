import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css, cva, cx } from '../../../styled-system/css';
import { CheckCircleFilledIcon, CircleIcon, LockIcon } from '../../theme/icons';

/**
 * A course's lessons as rows in one bordered box: on the course page's Content tab (`md`) and on
 * her lesson list (`lg`). A row is a link when she may open it, plain text otherwise.
 */
const list = cva({
  base: {
    borderWidth: '1px',
    borderColor: 'border.default',
    overflow: 'hidden',
    bg: 'bg.surface',
    '& > li + li': { borderTopWidth: '1px', borderColor: 'border.subtle' },
  },
  variants: { size: { md: { borderRadius: 'lg' }, lg: { borderRadius: 'xl' } } },
  defaultVariants: { size: 'md' },
});

const row = cva({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    color: 'fg.default',
    textDecoration: 'none',
  },
  variants: {
    size: {
      md: {
        minHeight: '14',
        px: { base: '3', md: '4' },
        '& svg': { width: '5', height: '5', flexShrink: '0' },
      },
      lg: { minHeight: '16', px: { base: '4', md: '5' } },
    },
    current: { true: { bg: 'accent.subtle' } },
  },
  defaultVariants: { size: 'md' },
});

const link = css({
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});

type Size = 'md' | 'lg';

export function RowList({ size, children }: { size?: Size; children: ReactNode }) {
  return <ol className={list({ size })}>{children}</ol>;
}

export function Row(props: { href: string | null; size?: Size; current?: boolean; children: ReactNode }) {
  const { href, size, current, children } = props;
  const className = row({ size, current });
  return href ? (
    <Link href={href} aria-current={current ? 'step' : undefined} className={cx(className, link)}>
      {children}
    </Link>
  ) : (
    <div className={className}>{children}</div>
  );
}

const MARKS = {
  locked: { Icon: LockIcon, labelId: 'learning.course.content.locked' },
  done: { Icon: CheckCircleFilledIcon, labelId: 'learning.course.content.done' },
  notDone: { Icon: CircleIcon, labelId: 'learning.course.content.notDone' },
} as const;

const mark = cva({
  base: { display: 'inline-flex' },
  variants: {
    mark: {
      locked: { color: 'fg.muted' },
      done: { color: 'success.default' },
      notDone: { color: 'fg.subtle' },
    },
    size: { md: {}, lg: { '& svg': { width: '6', height: '6' } } },
  },
});

/** A lesson's state as one named image: locked (not enrolled), done, or not done yet. */
export function LessonMark({ state, size }: { state: keyof typeof MARKS; size?: Size }) {
  const intl = useIntl();
  const { Icon, labelId } = MARKS[state];
  return (
    <span role="img" aria-label={intl.formatMessage({ id: labelId })} className={mark({ mark: state, size })}>
      <Icon />
    </span>
  );
}

/** The minutes a lesson takes, quiet and on one line. */
export function Minutes({ children }: { children: ReactNode }) {
  return (
    <span className={css({ color: 'fg.muted', textStyle: 'body.sm', whiteSpace: 'nowrap' })}>{children}</span>
  );
}

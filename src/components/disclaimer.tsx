import { FormattedMessage } from 'react-intl';
import { css, cx } from '../../styled-system/css';
import { InfoIcon } from '../theme/icons';

const line = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  color: 'fg.muted',
  textStyle: 'body.sm',
  '& svg': { width: '4', height: '4', flexShrink: '0' },
});

const boxedStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  px: '3',
  py: '2.5',
  borderRadius: 'md',
  bg: 'bg.subtle',
  color: 'fg.default',
  maxWidth: '65ch',
  '& svg': { width: '4.5', height: '4.5', mt: '0.5', color: 'accent.fg' },
});

/** "This is education, not medical advice." on every learning screen: a quiet line, or `boxed` on a course page. */
export function Disclaimer({ boxed = false }: { boxed?: boolean }) {
  return (
    <p className={cx(line, boxed && boxedStyle)} data-testid="disclaimer">
      <InfoIcon aria-hidden="true" />
      <FormattedMessage id="learning.disclaimer" />
    </p>
  );
}

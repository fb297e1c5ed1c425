import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FormKind } from '../../../contract/forms-rules';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { panel } from '../../components/panel';
import { CheckCircleIcon } from '../../theme/icons';

/**
 * What a form says once sent: thanks and what happens next, and a way to send another. It takes
 * focus as it appears, so it is read out and she is not left on a vanished button.
 */
export function FormSent({ kind, onAnother }: { kind: FormKind; onAnother: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid="form-sent"
      className={cx(
        panel({ tone: 'accent', padding: 'lg' }),
        stack({ gap: '3', align: 'flex-start', outline: 'none' }),
        css({ _focusVisible: { outline: '2px solid', outlineColor: 'accent.solid' } }),
      )}
    >
      <span className={css({ color: 'accent.fg', '& svg': { boxSize: '7' } })}>
        <CheckCircleIcon aria-hidden="true" />
      </span>
      <h3 className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
        <FormattedMessage id={`forms.${kind}.sent.title`} />
      </h3>
      <p className={css({ maxWidth: '65ch' })}>
        <FormattedMessage id={`forms.${kind}.sent.body`} />
      </p>
      <Button type="button" variant="outline" onClick={onAnother}>
        <FormattedMessage id={`forms.${kind}.sent.another`} />
      </Button>
    </div>
  );
}

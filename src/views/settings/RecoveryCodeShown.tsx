import { FormattedMessage } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { center } from '../../../styled-system/patterns';
import { srOnly } from '../../../styled-system/recipes';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { CheckIcon } from '../../theme/icons';
import { RecoveryFlow } from './recovery-actor';
import { actionsRow } from './SectionFrame';

// centred (the groups wrap if they must), in a dashed box of the accent colour
const codeBox = cx(
  center({ flexWrap: 'wrap', gap: { base: '1', sm: '3' }, p: { base: '3', md: '5' }, bg: 'bg.subtle' }),
  css({ borderRadius: 'lg', borderWidth: '2px', borderStyle: 'dashed', borderColor: 'accent.default' }),
  css({
    fontFamily: 'mono',
    // one line on a 360 px phone: 19 monospaced characters and their gaps
    fontSize: { base: 'lg', sm: '2xl', md: '3xl' },
    fontWeight: 'bold',
    letterSpacing: { base: '0.06em', sm: '0.12em' },
    whiteSpace: 'nowrap',
    color: 'fg.default',
    // always left to right, Arabic page or not: it is written down as it shows
    direction: 'ltr',
    userSelect: 'all',
  }),
);
const hyphen = css({ color: 'fg.muted', fontWeight: 'normal' });

/** The code as four groups of four, large and monospaced, left to right; hyphens in a quieter colour. */
export function CodeGroups({ code }: { code: string }) {
  // each group keyed by where it starts in the code
  let offset = 0;
  const groups = code.split('-').map((text) => {
    const at = offset;
    offset += text.length + 1;
    return { at, text };
  });
  return (
    <p dir="ltr" translate="no" className={codeBox} data-testid="recovery-code">
      {groups.map(({ at, text }) => (
        <span key={at}>
          {at > 0 && (
            <span aria-hidden className={hyphen}>
              -
            </span>
          )}
          <span className={css({ ps: at > 0 ? { base: '1', sm: '3' } : '0' })}>{text}</span>
        </span>
      ))}
    </p>
  );
}

/**
 * The new code, shown this once: write it down, copy it, or keep it as a plain text file with a
 * neutral name; "I have written it down" closes it for good.
 */
export function RecoveryCodeShown() {
  const send = useFlowSend(RecoveryFlow);
  const code = useFlowSelect(RecoveryFlow, (s) => s.context.code);
  const copied = useFlowSelect(RecoveryFlow, (s) => s.context.copied);
  if (!code) return null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <Notice
        status="info"
        role="status"
        title={<FormattedMessage id="settings.recovery.shownOnce" />}
        description={<FormattedMessage id="settings.recovery.shownOnceBody" />}
      />
      <CodeGroups code={code} />
      <div className={actionsRow}>
        <Button type="button" variant="outline" onClick={() => send({ type: 'recovery.copy' })}>
          {copied && <CheckIcon />}
          <FormattedMessage id={copied ? 'settings.recovery.copied' : 'settings.recovery.copy'} />
        </Button>
        <Button type="button" variant="outline" onClick={() => send({ type: 'recovery.download' })}>
          <FormattedMessage id="settings.recovery.download" />
        </Button>
      </div>
      <p role="status" className={srOnly()}>
        {copied ? <FormattedMessage id="settings.recovery.copied" /> : null}
      </p>
      <div>
        <Button type="button" onClick={() => send({ type: 'recovery.writtenDown' })}>
          <FormattedMessage id="settings.recovery.writtenDown" />
        </Button>
      </div>
    </div>
  );
}

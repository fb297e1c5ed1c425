import { FormattedMessage, useIntl } from 'react-intl';
import type { ExportFormat } from '../../../contract/account-settings-rules';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { errorMessage } from '../messages';
import { ExportFlow, useExportActor } from './account-actors';
import { actionsRow, SectionFrame } from './SectionFrame';

const FORMATS: ExportFormat[] = ['json', 'html'];

/**
 * Your data (issue 25), after Devices: everything the server keeps of hers in one file, as JSON or
 * as a page she can read, made on the server for her alone and saved under a neutral name.
 */
export function ExportSection() {
  const actor = useExportActor();
  return (
    <ExportFlow.Provider value={actor}>
      <SectionFrame
        name="export"
        title={<FormattedMessage id="settings.export.title" />}
        intro={<FormattedMessage id="settings.export.intro" />}
      >
        <ExportBody />
      </SectionFrame>
    </ExportFlow.Provider>
  );
}

function ExportBody() {
  const intl = useIntl();
  const send = useFlowSend(ExportFlow);
  const busy = useFlowSelect(ExportFlow, (s) => s.hasTag('busy'));
  const done = useFlowSelect(ExportFlow, (s) => s.hasTag('step:done'));
  const { format, error } = useFlowSelect(ExportFlow, (s) => s.context);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <ul
        className={css({
          listStyle: 'disc',
          ps: '5',
          fontSize: 'sm',
          color: 'fg.muted',
          lineHeight: 'relaxed',
        })}
      >
        <li>
          <FormattedMessage id="settings.export.contents" />
        </li>
        <li>
          <FormattedMessage id="settings.export.formats" />
        </li>
      </ul>
      {error && !busy && (
        <Notice
          data-testid="export-error"
          title={<FormattedMessage id="settings.export.failed" />}
          description={errorMessage(intl, error, 'settings.export.failedBody')}
        />
      )}
      <div className={actionsRow}>
        {FORMATS.map((f) => (
          <Button
            key={f}
            type="button"
            variant={f === 'json' ? 'solid' : 'outline'}
            loading={busy && format === f}
            disabled={busy && format !== f}
            data-testid={`export-${f}`}
            onClick={() => send({ type: 'export.download', format: f })}
          >
            <FormattedMessage id={`settings.export.${f}`} />
          </Button>
        ))}
      </div>
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted', minHeight: '5' })}>
        {busy && <FormattedMessage id="settings.export.preparing" />}
        {done && !busy && <FormattedMessage id="settings.export.saved" />}
      </p>
    </div>
  );
}

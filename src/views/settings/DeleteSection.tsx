import { FormattedMessage } from 'react-intl';
import { ALIAS_RESERVED_DAYS, DOCUMENTS_KEPT_YEARS } from '../../../contract/account-settings-rules';
import { css } from '../../../styled-system/css';
import { useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { DeleteFlow, useDeleteActor } from './account-actors';
import { DeleteDialog } from './DeleteDialog';
import { SectionFrame } from './SectionFrame';

const list = css({
  listStyle: 'disc',
  ps: '5',
  display: 'grid',
  gap: '1',
  fontSize: 'sm',
  lineHeight: 'relaxed',
});
const subheading = css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1' });

/**
 * Delete account (issue 25), last: what goes, what the law keeps and for how long, then a dialog
 * that asks her current PIN and the typed confirmation before anything is deleted.
 */
export function DeleteSection() {
  const actor = useDeleteActor();
  return (
    <DeleteFlow.Provider value={actor}>
      <SectionFrame
        name="delete"
        tone="danger"
        title={<FormattedMessage id="settings.delete.title" />}
        intro={<FormattedMessage id="settings.delete.intro" />}
      >
        <DeleteBody />
      </SectionFrame>
    </DeleteFlow.Provider>
  );
}

function DeleteBody() {
  const send = useFlowSend(DeleteFlow);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div>
        <h4 className={subheading}>
          <FormattedMessage id="settings.delete.goesTitle" />
        </h4>
        <ul className={list}>
          <li>
            <FormattedMessage id="settings.delete.goes" />
          </li>
          <li>
            <FormattedMessage id="settings.delete.consultations" />
          </li>
        </ul>
      </div>
      <div>
        <h4 className={subheading}>
          <FormattedMessage id="settings.delete.staysTitle" />
        </h4>
        <ul className={list}>
          <li>
            <FormattedMessage id="settings.delete.documents" values={{ years: DOCUMENTS_KEPT_YEARS }} />
          </li>
          <li>
            <FormattedMessage id="settings.delete.alias" values={{ days: ALIAS_RESERVED_DAYS }} />
          </li>
        </ul>
      </div>
      <p className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        <FormattedMessage id="settings.delete.exportFirst" />
      </p>
      <div>
        <Button
          type="button"
          variant="danger"
          data-testid="delete-open"
          onClick={() => send({ type: 'delete.open' })}
        >
          <FormattedMessage id="settings.delete.open" />
        </Button>
      </div>
      <DeleteDialog />
    </div>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';

/** "Alias Required" (spec §5): Forgot PIN? with an empty alias. Loaded only when needed. */
export default function AliasRequiredDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(e) => !e.open && onClose()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="alias-required">
          <Dialog.Title>
            <FormattedMessage id="login.aliasRequired.title" />
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage id="login.aliasRequired.body" />
          </Dialog.Description>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button type="button">
                <FormattedMessage id="login.aliasRequired.ok" />
              </Button>
            </Dialog.ActionTrigger>
          </Dialog.Footer>
          <Dialog.CloseTrigger aria-label={intl.formatMessage({ id: 'common.close' })} />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

import { FormattedMessage } from 'react-intl';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import { ActionTrigger } from '../../components/dialog';

/** "Alias Required" (spec §5): Forgot PIN? with an empty alias. Loaded only when needed. */
export default function AliasRequiredDialog({ onClose }: { onClose: () => void }) {
  return (
    <AlertDialog
      onClose={onClose}
      testId="alias-required"
      title={<FormattedMessage id="login.aliasRequired.title" />}
      description={<FormattedMessage id="login.aliasRequired.body" />}
    >
      <ActionTrigger asChild>
        <Button type="button">
          <FormattedMessage id="login.aliasRequired.ok" />
        </Button>
      </ActionTrigger>
    </AlertDialog>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css } from '../../styled-system/css';
import * as Alert from './alert';
import { Button } from './button';

interface NoticeProps extends Omit<Alert.RootProps, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links under the text (a Retry, "Back to the course"). */
  actions?: ReactNode;
  /** One button at the alert's end, beside the text. */
  end?: ReactNode;
}

const actionsRow = css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '2' });

/**
 * An alert with its icon, a title and/or a description, and what she can do about it. An error is
 * announced at once (`role="alert"`), anything else politely (`role="status"`) unless told otherwise.
 */
export function Notice({ status = 'error', role, title, description, actions, end, ...rest }: NoticeProps) {
  return (
    <Alert.Root status={status} role={role ?? (status === 'error' ? 'alert' : 'status')} {...rest}>
      <Alert.Icon />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {description && <Alert.Description>{description}</Alert.Description>}
        {actions && <div className={actionsRow}>{actions}</div>}
      </Alert.Content>
      {end}
    </Alert.Root>
  );
}

/**
 * "Try again" after a failed load or save. `labelId`: the words in the screen's own bundle (default
 * the learning screens' one wording).
 */
export function RetryButton({
  onClick,
  labelId = 'learning.common.retry',
}: {
  onClick: () => void;
  labelId?: string;
}) {
  return (
    <Button type="button" size="sm" variant="outline" onClick={onClick}>
      <FormattedMessage id={labelId} />
    </Button>
  );
}

import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../useDocumentTitle';

export default function NotFoundView() {
  useDocumentTitle('notFound.title');
  return (
    <div className={css({ maxWidth: 'xl', mx: 'auto', px: '4', py: '20', textAlign: 'center' })}>
      <p aria-hidden="true" className={css({ fontSize: '6xl', fontWeight: 'bold', color: 'accent.muted' })}>
        404
      </p>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mt: '2' })}>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className={css({ mt: '3', color: 'fg.muted' })}>
        <FormattedMessage id="notFound.body" />
      </p>
      <LinkButton href="/" variant="outline" className={css({ mt: '8' })}>
        <FormattedMessage id="notFound.home" />
      </LinkButton>
    </div>
  );
}

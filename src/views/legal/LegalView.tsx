import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useDocumentTitle } from '../useDocumentTitle';

const PAGES = {
  terms: ['terms.body1', 'terms.body2', 'terms.body3'],
  privacy: ['privacy.body1', 'privacy.body2', 'privacy.device', 'privacy.body3'],
} as const;

/** Short terms of use and privacy pages (linked from sign-up and the footer). */
export default function LegalView({ page }: { page: keyof typeof PAGES }) {
  useDocumentTitle(`${page}.title`);
  return (
    <article className={css({ maxWidth: '2xl', mx: 'auto', px: '4', py: { base: '10', md: '16' } })}>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'bold', color: 'accent.fg' })}>
        <FormattedMessage id={`${page}.title`} />
      </h1>
      {PAGES[page].map((id) => (
        <p key={id} className={css({ mt: '5', color: 'fg.default', fontSize: 'md' })}>
          <FormattedMessage id={id} />
        </p>
      ))}
    </article>
  );
}

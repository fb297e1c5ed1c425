import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { SITE_LINK_GROUPS } from './site-links';

const wrap = css({
  maxWidth: '6xl',
  mx: 'auto',
  px: { base: '4', md: '6' },
  pt: { base: '8', md: '10' },
  pb: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '8',
  color: 'fg.muted',
  fontSize: 'sm',
});
const groups = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: { base: '6', md: '8' },
});
const heading = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', mb: '2' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const link = css({
  display: 'inline-block',
  py: '1',
  color: 'fg.muted',
  textDecoration: 'none',
  _hover: { color: 'fg.default', textDecoration: 'underline' },
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'accent.default',
    outlineOffset: '2px',
    borderRadius: 'sm',
  },
});

/** The public site's footer: every public page, grouped, and the education note. */
export function SiteFooter() {
  const intl = useIntl();
  return (
    <footer
      className={css({
        borderTopWidth: '1px',
        borderColor: 'border.subtle',
        bg: 'bg.subtle',
        // below the fold on every page: laid out when it comes near the screen, not at first paint
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 420px',
      })}
    >
      <div className={wrap}>
        <nav aria-label={intl.formatMessage({ id: 'site.links.label' })} className={groups}>
          {SITE_LINK_GROUPS.map((group) => (
            <div key={group.titleId}>
              <p id={`footer-${group.titleId}`} className={heading}>
                <FormattedMessage id={group.titleId} />
              </p>
              <ul aria-labelledby={`footer-${group.titleId}`} className={list}>
                {group.links.map((l) => (
                  <li key={l.href}>
                    <Link href={l.href} className={link}>
                      <FormattedMessage id={l.labelId} />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className={css({ borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })}>
          <FormattedMessage id="site.footer.rights" values={{ year: new Date().getFullYear() }} />
        </p>
      </div>
    </footer>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import * as Drawer from '../../components/drawer';
import { SITE_LINK_GROUPS } from './site-links';

const group = css({
  '&:not(:first-of-type)': { mt: '5', pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle' },
});
const heading = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '1' });
const link = css({
  display: 'block',
  py: '2.5',
  px: '3',
  mx: '-3',
  borderRadius: 'md',
  color: 'fg.default',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { bg: 'bg.muted' },
  '&[aria-current=page]': { bg: 'accent.muted', color: 'accent.fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});

/** The phone menu: every public page in the footer's groups, in a drawer from the inline end. */
export default function SiteMenuDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const intl = useIntl();
  const [location] = useLocation();
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      finalFocusEl={returnFocusTo}
      lazyMount
      unmountOnExit
    >
      <Drawer.Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="site-menu-drawer">
            <Drawer.Header>
              <Drawer.Title>
                <FormattedMessage id="site.header.menuTitle" />
              </Drawer.Title>
              <Drawer.CloseTrigger aria-label={intl.formatMessage({ id: 'site.header.closeMenu' })} />
            </Drawer.Header>
            <Drawer.Body>
              <nav aria-label={intl.formatMessage({ id: 'site.links.label' })}>
                {SITE_LINK_GROUPS.map((links) => (
                  <div key={links.titleId} className={group}>
                    <p id={`menu-${links.titleId}`} className={heading}>
                      <FormattedMessage id={links.titleId} />
                    </p>
                    <ul aria-labelledby={`menu-${links.titleId}`}>
                      {links.links.map((l) => (
                        <li key={l.href}>
                          <Link
                            href={l.href}
                            className={link}
                            aria-current={location === l.href ? 'page' : undefined}
                            onClick={() => onOpenChange(false)}
                          >
                            <FormattedMessage id={l.labelId} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </nav>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

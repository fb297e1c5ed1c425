import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { IconButton } from '../../components/button';
import { MenuIcon } from '../../theme/icons';

// the drawer (Ark Dialog) loads on the first tap: a first visit does not carry it
const SiteMenuDrawer = lazy(() => import('./SiteMenuDrawer'));

/** Below lg the header has no room for every link: this button opens them all in a drawer. */
export function SiteMenu() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        size="sm"
        aria-label={intl.formatMessage({ id: 'site.header.openMenu' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="site-menu"
        className={css({ display: { base: 'inline-flex', lg: 'none' } })}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <SiteMenuDrawer
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => document.querySelector<HTMLElement>('[data-testid="site-menu"]')}
          />
        </Suspense>
      )}
    </>
  );
}

import {
  Toaster as ArkToaster,
  createToaster,
  ToastActionTrigger,
  ToastCloseTrigger,
  ToastDescription,
  ToastRoot,
  ToastTitle,
} from '@ark-ui/react/toast';
import { type ReactNode, useEffect } from 'react';
import { toast as toastRecipe } from '../../styled-system/recipes';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';
import { Spinner } from './spinner';

/**
 * The app's one toaster. Call it anywhere:
 *   toaster.success({ title: intl.formatMessage(…), description: … })
 *   toaster.error({ … }) · toaster.info({ … }) · toaster.create({ type: 'info', … })
 * and render `<Toaster closeLabel={…} />` once near the root of the app.
 * top-end is the top right in LTR and the top left in RTL (from Ark's LocaleProvider), under the header.
 */
export const toaster = /* @__PURE__ */ createToaster({
  placement: 'top-end',
  overlap: false,
  gap: 12,
  max: 3,
  // below the sticky header (its bottom: useToastsBelow), so a toast never covers the avatar, the
  // cart, the language switch or Log out
  offsets: { top: 'var(--toast-top, 76px)', bottom: '16px', left: '16px', right: '16px' },
  duration: 6000,
});

const ctx = /* @__PURE__ */ createStyleContext(toastRecipe);

/** The styled toast parts the Toaster renders. */
const Root = /* @__PURE__ */ ctx.withProvider(ToastRoot, 'root');
const Title = /* @__PURE__ */ ctx.withContext(ToastTitle, 'title');
const Description = /* @__PURE__ */ ctx.withContext(ToastDescription, 'description');
const ActionTrigger = /* @__PURE__ */ ctx.withContext(ToastActionTrigger, 'actionTrigger');
const CloseTrigger = /* @__PURE__ */ ctx.withContext(ToastCloseTrigger, 'closeTrigger');
const Indicator = /* @__PURE__ */ ctx.withContext('span', 'indicator');
const Content = /* @__PURE__ */ ctx.withContext('div', 'content');

const icons: Record<string, ReactNode> = {
  success: <CheckCircleIcon />,
  error: <AlertIcon />,
  info: <InfoIcon />,
  loading: <Spinner size="sm" />,
};

interface ToasterProps {
  /** Accessible name of each toast's close button (translated by the caller). */
  closeLabel: string;
}

/**
 * Toasts open under the page's header (the element marked `data-toast-anchor`), never over its
 * controls: `--toast-top` follows its bottom edge when a toast comes, the page scrolls (the ribbon
 * above it scrolls away) or the window is resized (a header that wraps). Here, in the toaster's own
 * chunk, so a first visit does not carry it.
 */
function useToastsBelow() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const place = () => {
      frame = 0;
      const bottom = document.querySelector('[data-toast-anchor]')?.getBoundingClientRect().bottom ?? 64;
      root.style.setProperty('--toast-top', `${Math.ceil(Math.max(0, bottom)) + 12}px`);
    };
    const soon = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    const unsubscribe = toaster.subscribe(place);
    addEventListener('scroll', soon, { passive: true });
    addEventListener('resize', soon);
    return () => {
      unsubscribe();
      removeEventListener('scroll', soon);
      removeEventListener('resize', soon);
      cancelAnimationFrame(frame);
    };
  }, []);
}

/** Renders the toasts of `toaster` with success / error / info / loading styles. */
export const Toaster = ({ closeLabel }: ToasterProps) => {
  useToastsBelow();
  return (
    <ArkToaster toaster={toaster}>
      {(t) => (
        <Root>
          <Indicator>{icons[t.type ?? 'info'] ?? icons.info}</Indicator>
          <Content>
            {t.title && <Title>{t.title}</Title>}
            {t.description && <Description>{t.description}</Description>}
            {t.action && <ActionTrigger>{t.action.label}</ActionTrigger>}
          </Content>
          {t.closable !== false && (
            <CloseTrigger aria-label={closeLabel}>
              <CloseIcon />
            </CloseTrigger>
          )}
        </Root>
      )}
    </ArkToaster>
  );
};

import {
  Toaster as ArkToaster,
  createToaster,
  ToastActionTrigger,
  ToastCloseTrigger,
  ToastDescription,
  ToastRoot,
  ToastTitle,
} from '@ark-ui/react/toast';
import type { ReactNode } from 'react';
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
  // below the 64 px sticky header, so a toast never covers the avatar, the cart or Log out
  offsets: { top: '76px', bottom: '16px', left: '16px', right: '16px' },
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

/** Renders the toasts of `toaster` with success / error / info / loading styles. */
export const Toaster = ({ closeLabel }: ToasterProps) => (
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

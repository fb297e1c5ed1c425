import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useLanguage, useSystemActor } from './actors';
import type { MessageBundle } from './message-bundles';
import { useServerRender } from './ssr';

/**
 * Whether a bundle's messages are in: asks the language machine for it when it is ready and the
 * bundle is missing (not again after a failure: the screen offers a retry); on the server, the
 * renderer loads it between two passes (src/entry-server.tsx), since effects do not run there.
 */
export function useMessageBundle(bundle: MessageBundle): { loaded: boolean; failed: boolean } {
  const language = useSystemActor('language');
  const loaded = useLanguage((s) => s.context.bundles.includes(bundle));
  const idle = useLanguage((s) => s.matches('ready'));
  const failed = useLanguage((s) => s.context.failedBundle === bundle);
  useEffect(() => {
    if (!loaded && idle && !failed) language.send({ type: 'language.require', bundle });
  }, [loaded, idle, failed, language, bundle]);
  const server = useServerRender();
  if (!loaded) server?.needBundle(bundle);
  return { loaded, failed };
}

/**
 * Renders its screen once the screen's messages are in: asks the language machine for the bundle
 * (`language.require`) when it is ready and the bundle is missing, shows the loader meanwhile, and
 * a retry if the bundle could not load (the machine remembers the failure, so it is not asked again
 * in a loop).
 */
export function NeedsMessages({ bundle, children }: { bundle: MessageBundle; children: ReactNode }) {
  const intl = useIntl();
  const language = useSystemActor('language');
  const { loaded, failed } = useMessageBundle(bundle);
  if (loaded) return children;
  if (failed)
    return (
      <div
        role="alert"
        className={css({ textAlign: 'center', py: '16', px: '4', display: 'grid', gap: '4' })}
      >
        <p>
          <FormattedMessage id="errors.screenLoad" />
        </p>
        <div>
          <button
            type="button"
            className={button({ variant: 'outline' })}
            onClick={() => language.send({ type: 'language.require', bundle })}
          >
            <FormattedMessage id="common.retry" />
          </button>
        </div>
      </div>
    );
  return <FullScreenLoader label={intl.formatMessage({ id: 'app.loading' })} />;
}

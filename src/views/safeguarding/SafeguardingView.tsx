import { FormattedMessage } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { grid, hstack, stack } from '../../../styled-system/patterns';
import { AlertIcon, EyeOffIcon } from '../../theme/icons';
import { ClosingBand, kbd, List, Paragraphs, prose, Section, SitePage } from '../site-page';
import { ShieldIcon } from '../site-page/icons';

const urgentBox = cx(
  stack({ gap: '3', p: { base: '5', md: '6' } }),
  css({
    bg: 'error.subtle',
    borderRadius: 'xl',
    borderInlineStartWidth: '4px',
    borderColor: 'error.default',
  }),
);
const urgentLine = cx(
  hstack({ gap: '3', alignItems: 'flex-start' }),
  css({ textStyle: 'body.lg', fontWeight: '700', color: 'error.fg' }),
);

/** Staying safe: Quick exit and its shortcut, discreet mode, history, private windows, urgent help. */
export default function SafeguardingView() {
  return (
    <SitePage titleId="safeguarding.title" descriptionId="safeguarding.description">
      <p className={prose}>
        <FormattedMessage id="safeguarding.intro" />
      </p>
      <div className={grid({ columns: { base: 1, md: 2 }, gap: { base: '5', md: '6' } })}>
        <Section id="quick-exit" titleId="safeguarding.quickExit.title" tone="outline" icon={<ShieldIcon />}>
          <Paragraphs
            ids={[
              'safeguarding.quickExit.body1',
              'safeguarding.quickExit.shortcut',
              'safeguarding.quickExit.body2',
            ]}
            values={{ kbd }}
          />
        </Section>
        <Section
          id="discreet-mode"
          titleId="safeguarding.discreet.title"
          tone="outline"
          icon={<EyeOffIcon />}
        >
          <Paragraphs ids={['safeguarding.discreet.body1', 'safeguarding.discreet.body2']} />
        </Section>
      </div>
      <Section id="history" titleId="safeguarding.history.title">
        <Paragraphs ids={['safeguarding.history.body']} />
        <List
          ids={[
            'safeguarding.history.item1',
            'safeguarding.history.item2',
            'safeguarding.history.item3',
            'safeguarding.history.item4',
          ]}
        />
      </Section>
      <Section id="on-this-device" titleId="safeguarding.device.title">
        <Paragraphs ids={['safeguarding.device.body1', 'safeguarding.device.body2']} />
      </Section>
      <Section id="private-window" titleId="safeguarding.private.title">
        <Paragraphs ids={['safeguarding.private.body1', 'safeguarding.private.body2']} />
      </Section>
      <Section id="urgent-help" titleId="safeguarding.help.title">
        <div className={urgentBox}>
          <p className={urgentLine}>
            <AlertIcon className={css({ width: '6', height: '6', flexShrink: '0', mt: '0.5' })} />
            <FormattedMessage id="safeguarding.help.body1" />
          </p>
          <Paragraphs ids={['safeguarding.help.body2', 'safeguarding.help.body3']} />
        </div>
      </Section>
      <ClosingBand
        titleId="safeguarding.concern.title"
        bodyId="safeguarding.concern.body"
        actions={[['/report-a-concern', 'safeguarding.concern.action', 'outline']]}
      />
    </SitePage>
  );
}

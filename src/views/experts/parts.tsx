import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { type ExpertsInput, expertsMachine } from '../../../machines/experts';
import { css, cx } from '../../../styled-system/css';
import { fetchExpert, fetchExperts } from '../../api/experts';
import { useScreenOverrides } from '../../app/actors';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import { InfoIcon } from '../../theme/icons';

/**
 * What the experts screens share, in one import (and one chunk): their actor (the real actors, or a
 * test's through <RootProvider screens={{ experts }}>), fetched again when the language changes;
 * the note under them; how an expert looks (./common) and her card (./ExpertCard).
 */
export function useExpertsActor(input: ExpertsInput) {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = expertsMachine.provide({ actors: { fetchExperts, fetchExpert } });
    return overrides.experts ? real.provide(overrides.experts) : real;
  });
  const actor = useScreenActor(logic, { input, inspect: overrides.inspect });
  // names, titles and bios come in the request's language: fetch again after a switch
  useLocaleChange(() => actor.send({ type: 'experts.localeChanged' }));
  return actor;
}

/** Under the directory and a profile: what a consultation is (education and support, not a diagnosis). */
export function ExpertsNote({ className }: { className?: string }) {
  return (
    <p
      className={cx(
        css({
          display: 'flex',
          gap: '2',
          alignItems: 'flex-start',
          color: 'fg.muted',
          textStyle: 'body.sm',
          maxWidth: '4xl',
          '& svg': { boxSize: '4.5', flexShrink: '0', mt: '0.5' },
        }),
        className,
      )}
    >
      <InfoIcon aria-hidden="true" />
      <FormattedMessage id="experts.note" />
    </p>
  );
}

export * from './common';
export { ExpertCard, ExpertCards } from './ExpertCard';

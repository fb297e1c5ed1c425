import { FormattedMessage, useIntl } from 'react-intl';
import { STEPS, type Step } from '../../../machines/signup';
import { css, cx } from '../../../styled-system/css';
import { srOnly, steps as stepsRecipe } from '../../../styled-system/recipes';
import { CheckIcon } from '../../theme/icons';

// only the current step is named on screen (not on phones: the heading names it); the rest for screen readers
const phoneHidden = css({ display: { base: 'none', sm: 'inline' } });

/**
 * Where she is in the six steps, with the look of the design system's Steps. Not Ark's Steps
 * machine: its parts are tabs that jump between steps, and here only the flow moves her on.
 */
export function Progress({ current }: { current: Step }) {
  const intl = useIntl();
  const s = stepsRecipe();
  const index = STEPS.indexOf(current);
  return (
    <nav aria-label={intl.formatMessage({ id: 'signup.steps.label' })} className={css({ mb: '6' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })} data-testid="signup-step-of">
        <FormattedMessage id="common.stepOf" values={{ current: index + 1, total: STEPS.length }} />
      </p>
      <ol className={s.list}>
        {STEPS.map((step, i) => {
          const state = i < index ? 'complete' : i === index ? 'current' : 'incomplete';
          const flags = {
            'data-complete': state === 'complete' ? '' : undefined,
            'data-current': state === 'current' ? '' : undefined,
            'data-incomplete': state === 'incomplete' ? '' : undefined,
          };
          return (
            <li key={step} className={s.item} aria-current={state === 'current' ? 'step' : undefined}>
              <span {...flags} className={cx(s.trigger, css({ cursor: 'default' }))}>
                <span {...flags} className={s.indicator} aria-hidden>
                  {state === 'complete' ? <CheckIcon /> : i + 1}
                </span>
                <span className={state === 'current' ? cx(s.itemTitle, phoneHidden) : srOnly()}>
                  <FormattedMessage id={`signup.step.${step}`} />
                </span>
              </span>
              {i < STEPS.length - 1 && <span {...flags} className={s.separator} aria-hidden />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

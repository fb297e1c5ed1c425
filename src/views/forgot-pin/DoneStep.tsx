import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { buttonRecipe } from '../../components/button';
import { OutcomeAlert, StepHeading, type StepProps } from './parts';

/**
 * Done: the new PIN is saved. The machine takes her to sign-in as it gets here (`goToSignIn`), so
 * this shows only until sign-in opens; its link goes there too.
 */
export function DoneStep({ heading }: StepProps) {
  return (
    <>
      <StepHeading heading={heading}>
        <FormattedMessage id="forgot.done.title" />
      </StepHeading>
      <OutcomeAlert status="success">
        <FormattedMessage id="login.pinRecovered" />
      </OutcomeAlert>
      <Link href="/login" replace className={buttonRecipe({ size: 'lg' })}>
        <FormattedMessage id="login.submit" />
      </Link>
    </>
  );
}

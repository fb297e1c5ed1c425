import { FormattedMessage, useIntl } from 'react-intl';
import { PROFILE_TEXT_LIMITS } from '../../../contract/staff-expert';
import { PROFILE_FIELDS, PROFILE_LANGUAGES, type ProfileLanguage } from '../../../machines/expertProfile';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import * as Field from '../../components/field';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { ExpertProfileFlow, useExpertProfileActor } from './flow';
import { section, sectionTitle, useProblem } from './hours-parts';
import { FormEnd, PageTitle } from './parts';

const STEPS = ['loading', 'loadFailed', 'editing', 'submitting', 'pending', 'invalid', 'failed'] as const;

/** Her profile texts, /staff/profile (issue 26): both languages beside the live ones; submit for approval. */
export default function ExpertProfileView() {
  const actor = useExpertProfileActor();
  return (
    <ExpertProfileFlow.Provider value={actor}>
      <ExpertProfile />
    </ExpertProfileFlow.Provider>
  );
}

function ExpertProfile() {
  const intl = useIntl();
  const send = useFlowSend(ExpertProfileFlow);
  const step = useFlowStep(ExpertProfileFlow, STEPS, 'loading');
  const c = useFlowSelect(ExpertProfileFlow, (s) => s.context);
  const busy = step === 'submitting';
  const draft = c.profile?.draft ?? null;
  return (
    <div data-testid="expert-profile" className={css({ display: 'grid', gap: '5' })}>
      <PageTitle id="staff.expert.profile.title" />
      <p className={css({ color: 'fg.muted', maxWidth: '65ch' })}>
        <FormattedMessage id="staff.expert.profile.intro" />
      </p>
      {step === 'loading' && (
        <LoadingState label={<FormattedMessage id="staff.expert.profile.loading" />}>
          <Skeleton className={css({ height: '64' })} />
        </LoadingState>
      )}
      {step === 'loadFailed' && (
        <Notice
          data-testid="profile-load-error"
          title={<FormattedMessage id="staff.expert.profile.loadError" />}
          actions={
            <RetryButton labelId="staff.expert.retry" onClick={() => send({ type: 'profile.retry' })} />
          }
        />
      )}
      {draft?.status === 'pending' && (
        <Notice
          status="info"
          data-testid="profile-pending"
          title={<FormattedMessage id="staff.expert.profile.pending" />}
          description={
            <FormattedMessage
              id="staff.expert.profile.pendingSince"
              values={{
                date: intl.formatDate(draft.submittedAt, { dateStyle: 'medium', timeStyle: 'short' }),
              }}
            />
          }
        />
      )}
      {draft?.status === 'rejected' && (
        <Notice
          status="error"
          role="status"
          data-testid="profile-rejected"
          title={<FormattedMessage id="staff.expert.profile.rejected" />}
          description={draft.reason ?? undefined}
        />
      )}
      {c.fields && c.profile && (
        <form
          noValidate
          aria-busy={busy}
          className={css({ display: 'grid', gap: '5' })}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'profile.submitted' });
          }}
        >
          {PROFILE_LANGUAGES.map((language) => (
            <LanguageTexts key={language} language={language} />
          ))}
          <FormEnd
            name="profile"
            ended={step === 'failed' || step === 'invalid' ? step : step === 'pending' ? 'done' : null}
            error={c.error}
            busy={busy}
            ids={{
              failed: 'staff.expert.profile.failed',
              invalid: 'staff.expert.profile.invalid',
              done: 'staff.expert.profile.sent',
              submit: 'staff.expert.profile.submit',
            }}
            testIds={{ done: 'profile-sent', submit: 'profile-submit' }}
          />
        </form>
      )}
    </div>
  );
}

/** One language's three texts, each above the live one; Arabic fields right to left. */
function LanguageTexts({ language }: { language: ProfileLanguage }) {
  const send = useFlowSend(ExpertProfileFlow);
  const fields = useFlowSelect(ExpertProfileFlow, (s) => s.context.fields![language]);
  const live = useFlowSelect(ExpertProfileFlow, (s) => s.context.profile!.live[language]);
  const errors = useFlowSelect(ExpertProfileFlow, (s) => s.context.fieldErrors);
  const busy = useFlowSelect(ExpertProfileFlow, (s) => s.hasTag('busy'));
  const problem = useProblem();
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    <section className={panel({ padding: 'none' })} aria-labelledby={`profile-${language}`}>
      <div className={section}>
        <h2 id={`profile-${language}`} className={sectionTitle}>
          <FormattedMessage id={`staff.expert.profile.${language}`} />
        </h2>
        {PROFILE_FIELDS.map((field) => {
          const key = `${language}.${field}`;
          const Input = field === 'title' ? Field.Input : Field.Textarea;
          return (
            <Field.Root key={field} invalid={!!errors[key]} disabled={busy} required>
              <Field.Label>
                <FormattedMessage id={`staff.expert.profile.field.${field}`} />
              </Field.Label>
              <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
                <FormattedMessage id="staff.expert.profile.live" />{' '}
                <span
                  dir={dir}
                  lang={language}
                  data-testid={`profile-${language}-${field}-live`}
                  className={css({ color: 'fg.default', whiteSpace: 'pre-wrap' })}
                >
                  {live[field]}
                </span>
              </p>
              <Input
                dir={dir}
                lang={language}
                value={fields[field]}
                rows={field === 'bio' ? 8 : 4}
                onChange={(e: { currentTarget: { value: string } }) =>
                  send({ type: 'profile.changed', language, field, value: e.currentTarget.value })
                }
                data-testid={`profile-${language}-${field}`}
              />
              <Field.HelperText>
                <FormattedMessage
                  id="staff.expert.profile.count"
                  values={{ count: fields[field].length, max: PROFILE_TEXT_LIMITS[field] }}
                />
              </Field.HelperText>
              <Field.ErrorText data-testid={`profile-${language}-${field}-error`}>
                {problem(errors[key])}
              </Field.ErrorText>
            </Field.Root>
          );
        })}
      </div>
    </section>
  );
}

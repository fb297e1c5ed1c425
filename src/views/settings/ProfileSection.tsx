import { FormattedMessage, useIntl } from 'react-intl';
import { isChanged } from '../../../machines/profileSettings';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { AvatarPicker } from '../auth/AvatarPicker';
import { ProfileFields } from '../auth/ProfileFields';
import { errorMessage, fieldMessage } from '../messages';
import { ProfileFlow, useProfileActor } from './actors';
import { actionsRow, formColumn, SectionFrame } from './SectionFrame';
import { SettingsFlow } from './useSettings';

const STEPS = ['editing', 'saving', 'saved', 'failed'] as const;

/** Profile (spec §3's account fields): avatar, country, age range, marital status, e-mail, phone. */
export function ProfileSection() {
  const profile = useFlowSelect(SettingsFlow, (s) => s.context.data!.settings.profile);
  const actor = useProfileActor(profile);
  return (
    <ProfileFlow.Provider value={actor}>
      <SectionFrame
        name="profile"
        title={<FormattedMessage id="settings.profile.title" />}
        intro={<FormattedMessage id="settings.profile.intro" values={{ alias: profile.alias }} />}
      >
        <ProfileForm />
      </SectionFrame>
    </ProfileFlow.Provider>
  );
}

function ProfileForm() {
  const intl = useIntl();
  const send = useFlowSend(ProfileFlow);
  const step = useFlowStep(ProfileFlow, STEPS, 'editing');
  const c = useFlowSelect(ProfileFlow, (s) => s.context);
  const avatars = useFlowSelect(SettingsFlow, (s) => s.context.data!.avatars);
  const changed = isChanged(c.fields, c.profile);
  return (
    <form
      noValidate
      className={formColumn}
      aria-busy={step === 'saving'}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'profile.submitted' });
      }}
    >
      <fieldset
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
          border: 'none',
          p: '0',
          m: '0',
        })}
      >
        <legend className={css({ textStyle: 'body.sm', fontWeight: 'medium', mb: '2' })}>
          <FormattedMessage id="settings.profile.avatar" />
        </legend>
        <AvatarPicker
          avatars={avatars}
          value={c.fields.avatarId}
          testId="settings-avatar-grid"
          label={<FormattedMessage id="settings.profile.avatar" />}
          onChange={(value) => send({ type: 'profile.fieldChanged', field: 'avatarId', value })}
        />
        {c.fieldErrors.avatarId && (
          <p className={css({ color: 'error.fg', fontSize: 'sm' })}>
            {fieldMessage(intl, c.fieldErrors.avatarId)}
          </p>
        )}
      </fieldset>
      <ProfileFields
        values={c.fields}
        errors={c.fieldErrors}
        onChange={(field, value) => send({ type: 'profile.fieldChanged', field, value })}
      />
      {step === 'failed' && c.error && !Object.keys(c.fieldErrors).length && (
        <Notice
          data-testid="profile-error"
          title={<FormattedMessage id="settings.profile.failed" />}
          description={errorMessage(intl, c.error, 'settings.tryLater')}
        />
      )}
      {step === 'failed' && Object.keys(c.fieldErrors).length > 0 && (
        <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm', fontWeight: 'medium' })}>
          <FormattedMessage id="settings.fixFields" />
        </p>
      )}
      {step === 'saved' && (
        <Notice
          status="success"
          data-testid="profile-saved"
          title={<FormattedMessage id="settings.profile.saved" />}
        />
      )}
      <div className={actionsRow}>
        <Button type="submit" loading={step === 'saving'} data-testid="profile-save">
          <FormattedMessage id="settings.profile.save" />
        </Button>
        {changed && step !== 'saving' && (
          <Button type="button" variant="ghost" onClick={() => send({ type: 'profile.reset' })}>
            <FormattedMessage id="settings.profile.undo" />
          </Button>
        )}
      </div>
    </form>
  );
}

import { useIntl } from 'react-intl';
import type { AdminExpert } from '../../../contract/staff-admin';
import { REJECT_REASON_MAX } from '../../../contract/staff-admin';
import { adminExpertsMachine } from '../../../machines/adminExperts';
import { css, cx } from '../../../styled-system/css';
import { changeAdminExpert, loadAdminExperts } from '../../api/staff-team';
import { createFlow, useFlowActor, useFlowSelect } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { Switch } from '../../components/switch';
import {
  muted,
  pageStack,
  rowList,
  TeamFailed,
  TeamHeader,
  TeamLoading,
  useTeamActor,
} from '../staff-inbox/team-parts';
import { ReasonDialog } from './ReasonDialog';

const ExpertsFlow = createFlow<typeof adminExpertsMachine>('AdminExpertsFlow');

/**
 * Experts, /staff/admin/experts (issue 26, admins): each expert with her published switch and
 * whether a staff account is linked; a profile change waiting is shown beside the live texts with
 * Approve and Reject (a dialog asking why).
 */
export default function AdminExpertsView() {
  const actor = useTeamActor(() =>
    adminExpertsMachine.provide({ actors: { loadAdminExperts, changeAdminExpert } }),
  );
  return (
    <ExpertsFlow.Provider value={actor}>
      <Experts />
    </ExpertsFlow.Provider>
  );
}

function Experts() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useFlowActor(ExpertsFlow);
  const snap = useFlowSelect(ExpertsFlow, (s) => s);
  const { experts, pending, rejecting, error } = snap.context;
  const nameOf = (id: string) => experts.find((e) => e.id === id)?.name ?? '';
  const done = snap.hasTag('done') ? snap.context.done : null;
  return (
    <section className={pageStack} data-testid="admin-experts">
      <TeamHeader titleId="staff.admin.experts.title" introId="staff.admin.experts.intro" />
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.admin.experts.loading" testId="experts-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.admin.experts.failed"
          testId="experts-error"
          onRetry={() => actor.send({ type: 'experts.retry' })}
        />
      )}
      <p role="status" className={muted} data-testid="experts-done">
        {done && t(`staff.admin.experts.done.${done.what}`, { name: nameOf(done.id) })}
      </p>
      {snap.hasTag('refused') && <Notice data-testid="experts-refused" title={t('staff.admin.refused')} />}
      {snap.hasTag('step:ready') && experts.length === 0 && (
        <p className={muted}>{t('staff.admin.experts.empty')}</p>
      )}
      {snap.hasTag('step:ready') && (
        <ul className={rowList}>
          {experts.map((e) => (
            <ExpertRow
              key={e.id}
              expert={e}
              busy={snap.hasTag('busy') && pending?.id === e.id}
              // while the switch's change is on its way it shows what was asked; refused, the answer again
              published={
                snap.hasTag('busy') && pending?.id === e.id && pending.change === 'publish'
                  ? pending.published
                  : e.published
              }
            />
          ))}
        </ul>
      )}
      {rejecting && (
        <ReasonDialog
          testId="reject-dialog"
          title={t('staff.admin.experts.reject.title')}
          description={t('staff.admin.experts.reject.body', { name: nameOf(rejecting.id) })}
          label={t('staff.admin.experts.reject.reason')}
          reason={rejecting.reason}
          problem={rejecting.problem}
          max={REJECT_REASON_MAX}
          refusal={snap.matches('rejecting') && error ? t('staff.admin.refused') : null}
          busy={snap.hasTag('busy')}
          confirm={t('staff.admin.experts.reject.confirm')}
          onReason={(value) => actor.send({ type: 'experts.reason', value })}
          onConfirm={() => actor.send({ type: 'experts.reject.confirm' })}
          onCancel={() => actor.send({ type: 'experts.reject.cancel' })}
        />
      )}
    </section>
  );
}

function ExpertRow({ expert, busy, published }: { expert: AdminExpert; busy: boolean; published: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlowActor(ExpertsFlow);
  const anyBusy = useFlowSelect(ExpertsFlow, (s) => s.hasTag('busy'));
  return (
    <li
      className={cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '3' }))}
      data-testid={`expert-${expert.id}`}
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          alignItems: 'center',
          justifyContent: 'space-between',
        })}
      >
        <div>
          <h2 className={css({ textStyle: 'heading.sm' })}>{expert.name}</h2>
          <p className={muted}>
            {expert.title} ·{' '}
            {t(expert.hasAccount ? 'staff.admin.experts.account.linked' : 'staff.admin.experts.account.none')}
          </p>
        </div>
        <Switch
          checked={published}
          disabled={anyBusy}
          aria-busy={busy || undefined}
          data-testid={`publish-${expert.id}`}
          onCheckedChange={(e) =>
            actor.send({ type: 'experts.publish', id: expert.id, published: e.checked })
          }
        >
          {t('staff.admin.experts.published')}
        </Switch>
      </div>
      {expert.pendingTexts && (
        <div
          className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
          data-testid={`pending-${expert.id}`}
        >
          <h3 className={css({ fontWeight: '700' })}>{t('staff.admin.experts.pending')}</h3>
          <div
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
              gap: '3',
            })}
          >
            <Texts heading={t('staff.admin.experts.live')} texts={expert.live} />
            <Texts heading={t('staff.admin.experts.proposed')} texts={expert.pendingTexts} />
          </div>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <Button
              type="button"
              disabled={anyBusy}
              loading={busy}
              onClick={() => actor.send({ type: 'experts.approve', id: expert.id })}
              data-testid={`approve-${expert.id}`}
            >
              {t('staff.admin.experts.approve')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={anyBusy}
              onClick={() => actor.send({ type: 'experts.reject', id: expert.id })}
              data-testid={`reject-${expert.id}`}
            >
              {t('staff.admin.experts.reject')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function Texts({ heading, texts }: { heading: string; texts: AdminExpert['live'] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className={panel({ tone: 'muted', padding: 'sm' })}>
      <h4 className={css({ fontWeight: '600', mb: '2' })}>{heading}</h4>
      {(['en', 'ar'] as const).map((lang) => (
        <div key={lang} className={css({ mb: '3' })}>
          <p className={cx(muted, css({ fontWeight: '600' }))}>{t(`staff.admin.experts.lang.${lang}`)}</p>
          <dl className={css({ display: 'grid', gap: '1' })}>
            {(['title', 'bio', 'qualifications'] as const).map((f) => (
              <div key={f}>
                <dt className={muted}>{t(`staff.admin.experts.field.${f}`)}</dt>
                <dd
                  lang={lang}
                  dir={lang === 'ar' ? 'rtl' : 'ltr'}
                  className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}
                >
                  {texts[lang][f]}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { auditLogMachine } from '../../../machines/auditLog';
import { css, cx } from '../../../styled-system/css';
import { loadAudit } from '../../api/staff-team';
import { panel } from '../../components/panel';
import {
  formatWhen,
  LoadMore,
  muted,
  pageStack,
  rowList,
  TeamFailed,
  TeamHeader,
  TeamLoading,
  useTeamActor,
} from '../staff-inbox/team-parts';

const TARGETS = ['booking', 'submission', 'expert', 'coupon', 'order', 'staff', 'post', 'thread'];

/**
 * The audit log, /staff/admin/audit (issue 26, admins): newest first, each entry's moment, who (her
 * name and e-mail as they were), what (the action in words) and on what; "Load more" for older ones.
 */
export default function AuditView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const actor = useTeamActor(() => auditLogMachine.provide({ actors: { loadAudit } }));
  const snap = useSelector(actor, (s) => s);
  const { items, nextCursor } = snap.context;
  return (
    <section className={pageStack} data-testid="admin-audit" aria-busy={snap.hasTag('step:loading')}>
      <TeamHeader titleId="staff.admin.audit.title" introId="staff.admin.audit.intro" />
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.admin.audit.loading" testId="audit-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.admin.audit.failed"
          testId="audit-error"
          onRetry={() => actor.send({ type: 'audit.retry' })}
        />
      )}
      {snap.hasTag('step:empty') && (
        <p className={muted} data-testid="audit-empty">
          {t('staff.admin.audit.empty')}
        </p>
      )}
      {snap.hasTag('step:ready') && (
        <>
          <ul className={rowList} aria-label={t('staff.admin.audit.list')} data-testid="audit-rows">
            {items.map((e) => (
              <li
                key={e.id}
                className={cx(panel({ padding: 'sm' }), entry)}
                data-testid="audit-row"
                data-action={e.action}
              >
                <strong>{t(`staff.admin.audit.action.${e.action}`)}</strong>
                <span className={muted}>{formatWhen(intl, e.at)}</span>
                <span dir="auto">
                  {e.staffName
                    ? `${e.staffName} · ${e.staffEmail ?? ''}`
                    : (e.staffEmail ?? t('staff.admin.audit.unknownStaff'))}
                </span>
                {e.targetType && (
                  <span className={muted} dir="auto">
                    {TARGETS.includes(e.targetType)
                      ? t(`staff.admin.audit.target.${e.targetType}`)
                      : e.targetType}{' '}
                    <bdi>{e.targetId ?? ''}</bdi>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {(nextCursor || snap.hasTag('moreFailed')) && (
            <LoadMore
              busy={snap.hasTag('more')}
              failed={snap.hasTag('moreFailed')}
              failedId="staff.admin.audit.moreFailed"
              labelId="staff.admin.more"
              onMore={() => actor.send({ type: 'audit.more' })}
            />
          )}
        </>
      )}
    </section>
  );
}

const entry = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '1fr auto' },
  gap: '1',
  '& > :nth-child(even)': { textAlign: { md: 'end' } },
});

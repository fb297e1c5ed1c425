import { useSelector } from '@xstate/react';
import { type IntlShape, useIntl } from 'react-intl';
import type { AdminCoupon } from '../../../contract/staff-admin';
import { adminCouponsMachine } from '../../../machines/adminCoupons';
import { css, cx } from '../../../styled-system/css';
import { createCoupon, loadAdminCoupons, patchCoupon } from '../../api/staff-team';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { formatMoney, formatPercent } from '../courses/format';
import {
  muted,
  pageStack,
  rowList,
  TeamFailed,
  TeamHeader,
  TeamLoading,
  useTeamActor,
} from '../staff-inbox/team-parts';
import { CouponForm } from './CouponForm';

/**
 * Promo codes, /staff/admin/coupons (issue 26, admins): each code with its discount ("20 %",
 * "$5"), courses, window, limits, redemptions, whether it is on and where it came from, with
 * Deactivate / Reactivate; then the form for a new one.
 */
export default function AdminCouponsView() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useTeamActor(() =>
    adminCouponsMachine.provide({ actors: { loadAdminCoupons, createCoupon, patchCoupon } }),
  );
  const snap = useSelector(actor, (s) => s);
  const c = snap.context;
  const titleOf = (id: string) => c.courses.find((x) => x.id === id)?.title ?? id;
  return (
    <section className={pageStack} data-testid="admin-coupons">
      <TeamHeader titleId="staff.admin.coupons.title" introId="staff.admin.coupons.intro" />
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.admin.coupons.loading" testId="coupons-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.admin.coupons.failed"
          testId="coupons-error"
          onRetry={() => actor.send({ type: 'coupons.retry' })}
        />
      )}
      <p role="status" className={muted} data-testid="coupons-done">
        {snap.hasTag('done') && c.done && t(`staff.admin.coupons.done.${c.done.kind}`, { code: c.done.code })}
      </p>
      {snap.hasTag('refused') && <Notice data-testid="coupons-refused" title={t('staff.admin.refused')} />}
      {snap.hasTag('step:ready') && (
        <>
          {c.coupons.length === 0 ? (
            <p className={muted}>{t('staff.admin.coupons.empty')}</p>
          ) : (
            <ul className={rowList} aria-label={t('staff.admin.coupons.list')} data-testid="coupon-rows">
              {c.coupons.map((coupon) => (
                <li
                  key={coupon.code}
                  className={cx(panel({ padding: 'sm' }), row)}
                  data-testid={`coupon-${coupon.code}`}
                >
                  <div
                    className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'baseline' })}
                  >
                    <strong dir="ltr" className={css({ fontFamily: 'mono' })}>
                      {coupon.code}
                    </strong>
                    <span className={css({ fontWeight: '600' })} data-testid="coupon-discount">
                      {discountOf(intl, coupon)}
                    </span>
                    <span className={coupon.active ? css({ color: 'success.fg' }) : muted}>
                      {t(coupon.active ? 'staff.admin.coupons.active' : 'staff.admin.coupons.inactive')}
                    </span>
                    <span className={muted}>{t(`staff.admin.coupons.source.${coupon.source}`)}</span>
                  </div>
                  <dl className={facts}>
                    <Fact label={t('staff.admin.coupons.col.courses')}>
                      {coupon.courseIds
                        ? intl.formatList(coupon.courseIds.map(titleOf))
                        : t('staff.admin.coupons.allCourses')}
                    </Fact>
                    <Fact label={t('staff.admin.coupons.col.window')}>{windowOf(intl, coupon)}</Fact>
                    <Fact label={t('staff.admin.coupons.col.limits')}>{limitsOf(intl, coupon)}</Fact>
                    <Fact label={t('staff.admin.coupons.col.redemptions')}>
                      {t('staff.admin.coupons.redemptions', { count: coupon.redemptions })}
                    </Fact>
                  </dl>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className={css({ alignSelf: 'flex-start' })}
                    disabled={snap.hasTag('busy')}
                    loading={c.toggling?.code === coupon.code}
                    onClick={() =>
                      actor.send({ type: 'coupons.active', code: coupon.code, active: !coupon.active })
                    }
                    data-testid={`coupon-toggle-${coupon.code}`}
                  >
                    {t(coupon.active ? 'staff.admin.coupons.deactivate' : 'staff.admin.coupons.reactivate', {
                      code: coupon.code,
                    })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <CouponForm
            fields={c.fields}
            errors={c.fieldErrors}
            courses={c.courses}
            busy={snap.hasTag('creating')}
            onChange={(change) => actor.send({ type: 'coupons.field', ...change })}
            onSubmit={() => actor.send({ type: 'coupons.create' })}
          />
        </>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className={muted}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "20 %" or "$5": the app's percent and money. */
export function discountOf(intl: IntlShape, c: Pick<AdminCoupon, 'kind' | 'value'>): string {
  return c.kind === 'percent' ? formatPercent(intl, c.value) : formatMoney(intl, c.value);
}

function windowOf(intl: IntlShape, c: AdminCoupon): string {
  const d = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  if (c.startsAt && c.endsAt)
    return intl.formatMessage(
      { id: 'staff.admin.coupons.window.between' },
      { start: d(c.startsAt), end: d(c.endsAt) },
    );
  if (c.startsAt)
    return intl.formatMessage({ id: 'staff.admin.coupons.window.from' }, { date: d(c.startsAt) });
  if (c.endsAt) return intl.formatMessage({ id: 'staff.admin.coupons.window.until' }, { date: d(c.endsAt) });
  return intl.formatMessage({ id: 'staff.admin.coupons.window.always' });
}

function limitsOf(intl: IntlShape, c: AdminCoupon): string {
  const parts = [
    ...(c.maxRedemptions !== null
      ? [intl.formatMessage({ id: 'staff.admin.coupons.limits.total' }, { count: c.maxRedemptions })]
      : []),
    ...(c.perMemberLimit !== null
      ? [intl.formatMessage({ id: 'staff.admin.coupons.limits.perMember' }, { count: c.perMemberLimit })]
      : []),
  ];
  return parts.length
    ? intl.formatList(parts)
    : intl.formatMessage({ id: 'staff.admin.coupons.limits.none' });
}

const row = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
});

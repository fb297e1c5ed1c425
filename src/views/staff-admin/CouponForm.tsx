import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { CouponChange, CouponFields } from '../../../machines/adminCoupons';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
import * as Select from '../../components/select';

/**
 * The new promo code's form (issue 26): every field of CouponDraft, the courses as a multi-select of
 * the catalogue (none: every course), the window in her zone, the limits. The machine holds the
 * values and each field's problem code (its own checks and the server's); this only shows them.
 */
export function CouponForm({
  fields,
  errors,
  courses,
  busy,
  onChange,
  onSubmit,
}: {
  fields: CouponFields;
  errors: Record<string, string>;
  courses: { id: string; title: string }[];
  busy: boolean;
  onChange: (change: CouponChange) => void;
  onSubmit: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const problem = (name: string) =>
    errors[name]
      ? intl.formatMessage({
          id: intl.messages[`staff.admin.coupons.error.${errors[name]}`]
            ? `staff.admin.coupons.error.${errors[name]}`
            : 'staff.admin.coupons.error.INVALID',
        })
      : undefined;
  const text = (
    name: 'code' | 'value' | 'startsAt' | 'endsAt' | 'maxRedemptions' | 'perMemberLimit',
    label: string,
    { helper, ...more }: { helper?: string } & Record<string, string> = {},
  ) => (
    <Field.Root invalid={!!errors[name]} required={name === 'code' || name === 'value'}>
      <Field.Label>{label}</Field.Label>
      <Field.Input
        name={name}
        value={fields[name]}
        disabled={busy}
        onChange={(e) => onChange({ field: name, value: e.currentTarget.value })}
        data-testid={`coupon-${name}`}
        {...more}
      />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText data-testid={`coupon-${name}-error`}>{problem(name)}</Field.ErrorText>
    </Field.Root>
  );
  const collection = useMemo(
    () => Select.createListCollection({ items: courses.map((c) => ({ value: c.id, label: c.title })) }),
    [courses],
  );
  const percent = fields.kind === 'percent';
  return (
    <form
      noValidate
      aria-labelledby="coupon-create"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className={cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '4' }))}
      data-testid="coupon-form"
    >
      <h2 id="coupon-create" className={css({ textStyle: 'heading.sm' })}>
        {t('staff.admin.coupons.create.title')}
      </h2>
      <div className={grid}>
        {text('code', t('staff.admin.coupons.field.code'), {
          helper: t('staff.admin.coupons.field.codeHelper'),
          dir: 'ltr',
          autoCapitalize: 'characters',
        })}
        <Segments
          label={t('staff.admin.coupons.field.kind')}
          ariaLabel={t('staff.admin.coupons.field.kind')}
          testId="coupon-kind"
          value={fields.kind}
          onChange={(v) => onChange({ field: 'kind', value: v as CouponFields['kind'] })}
          options={(['percent', 'amount'] as const).map((k) => ({
            value: k,
            label: t(`staff.admin.coupons.kind.${k}`),
          }))}
        />
        {text(
          'value',
          t(percent ? 'staff.admin.coupons.field.percent' : 'staff.admin.coupons.field.amount'),
          {
            helper: t(
              percent ? 'staff.admin.coupons.field.percentHelper' : 'staff.admin.coupons.field.amountHelper',
            ),
            inputMode: 'decimal',
            dir: 'ltr',
          },
        )}
        <Select.Root
          collection={collection}
          multiple
          value={fields.courseIds}
          disabled={busy}
          onValueChange={(e) => onChange({ field: 'courseIds', value: e.value })}
        >
          <Select.Label>{t('staff.admin.coupons.field.courses')}</Select.Label>
          <Select.Control>
            <Select.Trigger data-testid="coupon-courses">
              <Select.ValueText placeholder={t('staff.admin.coupons.allCourses')} />
              <Select.Indicator />
            </Select.Trigger>
          </Select.Control>
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
            {t('staff.admin.coupons.field.coursesHelper')}
          </p>
          <Select.Options items={collection.items} itemKey={(o) => o.value} label={(o) => o.label} />
        </Select.Root>
        {text('startsAt', t('staff.admin.coupons.field.startsAt'), { type: 'datetime-local' })}
        {text('endsAt', t('staff.admin.coupons.field.endsAt'), { type: 'datetime-local' })}
        {text('maxRedemptions', t('staff.admin.coupons.field.maxRedemptions'), {
          inputMode: 'numeric',
          dir: 'ltr',
        })}
        {text('perMemberLimit', t('staff.admin.coupons.field.perMemberLimit'), {
          inputMode: 'numeric',
          dir: 'ltr',
        })}
      </div>
      <Button
        type="submit"
        loading={busy}
        className={css({ alignSelf: 'flex-start' })}
        data-testid="coupon-create-submit"
      >
        {t('staff.admin.coupons.create.submit')}
      </Button>
    </form>
  );
}

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  alignItems: 'start',
});

import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CALL_MODES, CONSULT_LANGUAGES, EXPERT_SPECIALTIES } from '../../../contract/experts-constants';
import type { ExpertFilters as Filters } from '../../../machines/experts';
import { css, cx } from '../../../styled-system/css';
import { wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { panel } from '../../components/panel';
import { type SegmentOption, Segments } from '../../components/segment-group';
import * as Select from '../../components/select';
import { languageName, MODE_ICONS, specialtyName } from './parts';

/** Any value: the filter is off. */
export const ALL = 'all';

/**
 * The directory's filters: her specialty (a select: there are many), the language and the call mode
 * (buttons side by side: "Any" and each value), and Clear while any is set. `onChange` gets the
 * filter and its value (`ALL` for any).
 */
export function ExpertFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: Filters;
  onChange: (key: keyof Filters, value: string) => void;
  onClear: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const specialties = useMemo(
    () => [
      { value: ALL, label: intl.formatMessage({ id: 'experts.filters.specialty.all' }) },
      ...EXPERT_SPECIALTIES.map((s) => ({ value: s, label: specialtyName(intl, s) })),
    ],
    [intl],
  );
  const collection = useMemo(() => Select.createListCollection({ items: specialties }), [specialties]);
  const segments: { key: 'language' | 'mode'; labelId: string; allId: string; options: SegmentOption[] }[] = [
    {
      key: 'language',
      labelId: 'experts.filters.language',
      allId: 'experts.filters.language.all',
      options: CONSULT_LANGUAGES.map((l) => ({ value: l, label: languageName(intl, l) })),
    },
    {
      key: 'mode',
      labelId: 'experts.filters.mode',
      allId: 'experts.filters.mode.all',
      options: CALL_MODES.map((m) => {
        const Icon = MODE_ICONS[m];
        return { value: m, label: t(`experts.filters.mode.${m}`), icon: <Icon aria-hidden="true" /> };
      }),
    },
  ];
  const filtered = filters.specialty !== null || filters.language !== null || filters.mode !== null;

  return (
    <section
      aria-label={t('experts.filters.label')}
      data-testid="experts-filters"
      className={cx(
        panel({ tone: 'muted', padding: 'md' }),
        wrap({ align: 'flex-end', columnGap: '6', rowGap: '4', mb: { base: '6', md: '8' } }),
      )}
    >
      <div className={css({ width: { base: 'full', md: '64' } })}>
        <Select.Root
          collection={collection}
          value={[filters.specialty ?? ALL]}
          onValueChange={(e) => onChange('specialty', e.value[0] ?? ALL)}
        >
          <Select.Label>
            <FormattedMessage id="experts.filters.specialty" />
          </Select.Label>
          <Select.Control>
            <Select.Trigger data-testid="filter-specialty">
              <Select.ValueText />
              <Select.Indicator />
            </Select.Trigger>
          </Select.Control>
          <Select.Options items={specialties} itemKey={(o) => o.value} label={(o) => o.label} />
        </Select.Root>
      </div>
      {segments.map(({ key, labelId, allId, options }) => (
        <Segments
          key={key}
          label={t(labelId)}
          ariaLabel={t(labelId)}
          testId={`filter-${key}`}
          value={filters[key] ?? ALL}
          onChange={(v) => onChange(key, v)}
          options={[{ value: ALL, label: t(allId) }, ...options]}
        />
      ))}
      {filtered && (
        <Button type="button" variant="ghost" onClick={onClear} className={css({ ms: { md: 'auto' } })}>
          <FormattedMessage id="experts.filters.clear" />
        </Button>
      )}
    </section>
  );
}

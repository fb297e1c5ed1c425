import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearch } from 'wouter';
import { FORM_FIELDS, type FormKind } from '../../../contract/forms-rules';
import { type InboxItem, NOTE_MAX, SUBMISSION_STATUSES } from '../../../contract/staff-inbox';
import { filtersFromAddress, filtersToAddress } from '../../../machines/inbox';
import { inboxItemMachine, noteLength } from '../../../machines/inboxItem';
import { css, cx } from '../../../styled-system/css';
import { addInboxNote, downloadCv, loadInboxItem, setInboxStatus } from '../../api/staff-team';
import { createFlow, useFlowActor, useFlowSelect } from '../../app/flow';
import type { MessageBundle } from '../../app/message-bundles';
import { NeedsMessages } from '../../app/NeedsMessages';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-fields';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
import { AlertIcon, ArrowStartIcon } from '../../theme/icons';
import { saveFile } from '../dashboard/invoices/save-file';
import { urgentMark } from './InboxView';
import { formatWhen, muted, pageH1, pageStack, TeamFailed, TeamLoading, useTeamActor } from './team-parts';

/** Each form's labels are in its own page's bundle (forms.<kind>.*). */
const FORM_BUNDLE: Record<FormKind, MessageBundle> = {
  contact: 'contact',
  programs: 'programs',
  partnerships: 'partnerships',
  concern: 'concern',
  'expert-application': 'expertApply',
};

const ItemFlow = createFlow<typeof inboxItemMachine>('InboxItemFlow');

/**
 * One submission, /staff/inbox/:id (issue 26): every field with the form's own label (choices as
 * words), the language she wrote in, its status, the team's notes and a new one, and an expert
 * application's CV. "Back to the inbox" keeps the list's filters (they ride along in the address).
 */
export default function InboxItemView() {
  const { id = '' } = useParams<{ id: string }>();
  const back = `/staff/inbox${filtersToAddress(filtersFromAddress(useSearch()))}`;
  const actor = useTeamActor(
    () =>
      inboxItemMachine.provide({
        actors: { loadInboxItem, setInboxStatus, addInboxNote, downloadCv },
        actions: { saveFile: (_, p) => saveFile(p.file, p.fileName) },
      }),
    { id },
  );
  return (
    <ItemFlow.Provider value={actor}>
      <ItemPage back={back} />
    </ItemFlow.Provider>
  );
}

function ItemPage({ back }: { back: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlowActor(ItemFlow);
  const snap = useFlowSelect(ItemFlow, (s) => s);
  const { item, error } = snap.context;
  return (
    <section className={pageStack} data-testid="staff-inbox-item">
      <Link href={back} className={backLink} data-testid="inbox-back">
        <ArrowStartIcon aria-hidden="true" />
        {t('staff.inbox.item.back')}
      </Link>
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.inbox.item.loading" testId="inbox-item-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId={error?.code === 'NOT_FOUND' ? 'staff.inbox.item.notFound' : 'staff.inbox.item.failed'}
          testId="inbox-item-error"
          retryId="staff.inbox.retry"
          onRetry={() => actor.send({ type: 'item.retry' })}
        />
      )}
      {item && snap.hasTag('step:ready') && (
        <NeedsMessages bundle={FORM_BUNDLE[item.kind]}>
          <Item item={item} />
        </NeedsMessages>
      )}
    </section>
  );
}

function Item({ item }: { item: InboxItem }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actor = useFlowActor(ItemFlow);
  const snap = useFlowSelect(ItemFlow, (s) => s);
  const busy = snap.hasTag('busy');
  const kind = t(`staff.inbox.kind.${item.kind}`);
  const done = snap.hasTag('done') ? snap.context.done : null;
  return (
    <>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {item.urgent && (
          <span className={cx(urgentMark, css({ alignSelf: 'flex-start' }))} data-testid="inbox-urgent">
            <AlertIcon aria-hidden="true" />
            {t('staff.inbox.urgent')}
          </span>
        )}
        <h1 className={pageH1} dir="auto">
          {item.from ? t('staff.inbox.item.title', { kind, from: item.from }) : kind}
        </h1>
        <p className={muted}>
          {t('staff.inbox.item.received', { date: formatWhen(intl, item.createdAt) })} ·{' '}
          {t('staff.inbox.item.language', { language: t(`staff.inbox.item.languageName.${item.locale}`) })}
        </p>
      </header>
      <section aria-labelledby="inbox-fields" className={panel()}>
        <h2 id="inbox-fields" className={h2}>
          {t('staff.inbox.item.fields')}
        </h2>
        <dl className={css({ display: 'grid', gap: '3' })} data-testid="inbox-fields">
          {Object.keys(FORM_FIELDS[item.kind]).map((name) => (
            <div key={name}>
              <dt className={css({ fontWeight: '600' })}>{t(`forms.${item.kind}.${name}.label`)}</dt>
              <dd dir="auto" className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
                {fieldText(intl, item, name) || <span className={muted}>{t('staff.inbox.item.empty')}</span>}
              </dd>
            </div>
          ))}
        </dl>
        {item.cv && (
          <div
            className={css({ display: 'flex', alignItems: 'center', gap: '3', mt: '4', flexWrap: 'wrap' })}
          >
            <Button
              type="button"
              variant="outline"
              loading={snap.hasTag('downloading')}
              disabled={busy}
              onClick={() => actor.send({ type: 'item.cv' })}
              data-testid="inbox-cv"
            >
              {t('staff.inbox.item.cv')}
            </Button>
            <span className={muted}>
              {t('staff.inbox.item.cvSize', { size: Math.ceil(item.cv.size / 1024) })}
            </span>
          </div>
        )}
      </section>
      <Segments
        label={t('staff.inbox.item.status')}
        ariaLabel={t('staff.inbox.item.status')}
        testId="inbox-status"
        value={item.status}
        onChange={(v) => !busy && actor.send({ type: 'item.status', status: v as InboxItem['status'] })}
        options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`staff.inbox.status.${s}`) }))}
      />
      <p role="status" className={muted} data-testid="inbox-item-done">
        {busy && t('staff.inbox.item.busy')}
        {done === 'status' &&
          t('staff.inbox.item.done.status', { status: t(`staff.inbox.status.${item.status}`) })}
        {done === 'note' && t('staff.inbox.item.done.note')}
        {done === 'cv' && t('staff.inbox.item.done.cv')}
      </p>
      {snap.hasTag('refused') && (
        <Notice data-testid="inbox-item-refused" title={t('staff.inbox.item.refused')} />
      )}
      <section
        aria-labelledby="inbox-notes"
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      >
        <h2 id="inbox-notes" className={h2}>
          {t('staff.inbox.item.notes')}
        </h2>
        {item.noteList.length === 0 ? (
          <p className={muted}>{t('staff.inbox.item.noNotes')}</p>
        ) : (
          <ul
            className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
            data-testid="inbox-notes"
          >
            {item.noteList.map((n) => (
              <li key={n.id} className={panel({ padding: 'sm', tone: 'muted' })}>
                <p dir="auto" className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
                  {n.body}
                </p>
                <p className={muted}>
                  <FormattedMessage
                    id="staff.inbox.item.noteBy"
                    values={{
                      name: <bdi>{n.staffName}</bdi>,
                      date: <bdi>{formatWhen(intl, n.createdAt)}</bdi>,
                    }}
                  />
                </p>
              </li>
            ))}
          </ul>
        )}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'item.note.submit' });
          }}
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        >
          <TextField
            name="note"
            label={t('staff.inbox.item.noteLabel')}
            helper={`${t('staff.inbox.item.noteHelper')} ${t('staff.inbox.item.noteCount', {
              count: noteLength(snap.context.note),
              max: NOTE_MAX,
            })}`}
            error={
              snap.context.noteError
                ? t(`staff.inbox.item.error.${snap.context.noteError}`, { max: NOTE_MAX })
                : undefined
            }
            multiline
            rows={4}
            dir="auto"
            value={snap.context.note}
            onChange={(value) => actor.send({ type: 'item.note.changed', value })}
          />
          <Button
            type="submit"
            loading={snap.matches('savingNote')}
            disabled={busy}
            className={css({ alignSelf: 'flex-start' })}
            data-testid="inbox-note-add"
          >
            {t('staff.inbox.item.noteAdd')}
          </Button>
        </form>
      </section>
    </>
  );
}

/** A field's value as words: a choice by its option's name, a country by its name. */
function fieldText(intl: ReturnType<typeof useIntl>, item: InboxItem, name: string): string {
  const t = (id: string) => intl.formatMessage({ id });
  const value = item.fields[name] ?? '';
  const rule = (FORM_FIELDS[item.kind] as Record<string, { type: string }>)[name];
  if (!value || !rule) return value;
  if (rule.type === 'choice') return t(`forms.option.${name}.${value}`);
  if (rule.type === 'country') return intl.formatDisplayName(value, { type: 'region' }) ?? value;
  return value;
}

const h2 = css({ textStyle: 'heading.sm', mb: '3' });
const backLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  alignSelf: 'flex-start',
  minHeight: '10',
  color: 'accent.fg',
  fontWeight: '600',
  '& svg': { _rtl: { transform: 'scaleX(-1)' } },
});

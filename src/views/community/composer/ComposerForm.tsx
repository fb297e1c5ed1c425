import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CIRCLE_LIMITS } from '../../../../contract/circle';
import { bodyMax, kindsOf, textLength } from '../../../../machines/composer-rules';
import { css } from '../../../../styled-system/css';
import { useSession } from '../../../app/actors';
import { useFlowActor, useFlowSelect } from '../../../app/flow';
import * as Avatar from '../../../components/avatar';
import { Button } from '../../../components/button';
import { RadioField, TextField } from '../../../components/form-fields';
import { Notice } from '../../../components/notice';
import { ComposerFlow } from './composer-actor';
import { SafetyPanel } from './SafetyPanel';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const counter = css({ textStyle: 'body.sm', color: 'fg.muted', marginBlockStart: '-2' });
const mark = css({ bg: 'warning.subtle', color: 'fg.default', borderRadius: 'xs', paddingInline: '1' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });

const RULES = [1, 2, 3, 4, 5, 6, 7].map((n) => `circle.rules.item${n}`);

/**
 * The composer's screen parts over its flow (machines/composer.ts): the rules step, the fields with
 * what is left of each, "post as", the details found, the refusals and failures (announced), and
 * what became of the post (with the safety panel after words of crisis). `after` renders once sent.
 */
export function ComposerForm({
  sendLabelId,
  bodyLabelId,
  showTitle,
  showPostAs,
  after,
  extra,
}: {
  sendLabelId: string;
  bodyLabelId: string;
  showTitle: boolean;
  showPostAs: boolean;
  after?: ReactNode;
  extra?: ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const actor = useFlowActor(ComposerFlow);
  const snap = useFlowSelect(ComposerFlow, (s) => s);
  const { title, body, anonymous, found, problems, error, outcome, mode, opening } = snap.context;
  const busy = snap.hasTag('busy');
  const alias = useSession((s) => s.context.user?.alias ?? '');
  const avatar = useSession((s) => s.context.user?.avatar ?? null);

  if (snap.matches('loading')) {
    return (
      <p role="status" data-testid="composer-loading">
        {t('community.composer.loading')}
      </p>
    );
  }
  if (snap.hasTag('rules')) {
    return (
      <section className={stack} data-testid="composer-rules" aria-labelledby="composer-rules-title">
        <h2 id="composer-rules-title" className={css({ textStyle: 'heading.sm' })}>
          {t('community.composer.rules.title')}
        </h2>
        <p>{t('community.composer.rules.intro')}</p>
        <ol className={css({ paddingInlineStart: '5', listStyle: 'decimal', display: 'grid', gap: '2' })}>
          {RULES.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ol>
        {error && (
          <Notice description={t('community.composer.rules.error')} data-testid="composer-rules-error" />
        )}
        <div>
          <Button
            type="button"
            loading={busy}
            aria-busy={busy}
            onClick={() => actor.send({ type: 'composer.rules.accept' })}
          >
            {t('community.composer.rules.accept')}
          </Button>
        </div>
      </section>
    );
  }
  if (snap.hasTag('sent') && outcome) {
    const waiting = snap.matches('waitingForReview');
    return (
      <div className={stack} data-testid={waiting ? 'composer-waiting' : 'composer-published'}>
        {outcome.crisis && <SafetyPanel />}
        <Notice
          status={waiting ? 'info' : 'success'}
          title={t(
            waiting
              ? 'community.composer.waiting.title'
              : mode === 'edit'
                ? 'community.composer.edited'
                : 'community.composer.published.title',
          )}
          description={waiting ? t('community.composer.waiting.body') : undefined}
          actions={after}
        />
      </div>
    );
  }

  const max = bodyMax(mode, opening);
  const kinds = kindsOf(found);
  const needsEdit = snap.matches('needsEdit');
  const problem = (p: string | undefined) => (p ? t(`community.composer.problem.${p}`) : undefined);
  return (
    <form
      className={stack}
      noValidate
      data-testid="composer"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'composer.submit' });
      }}
    >
      {extra}
      {showTitle && (
        <>
          <TextField
            name="title"
            label={t('community.composer.title.label')}
            value={title}
            dir="auto"
            required
            error={problem(problems.title)}
            onChange={(value) => actor.send({ type: 'composer.title', value })}
          />
          <p className={counter} data-testid="composer-title-left">
            {t('community.composer.left', { count: CIRCLE_LIMITS.titleMax - textLength(title) })}
          </p>
        </>
      )}
      <TextField
        name="body"
        multiline
        rows={mode === 'reply' ? 4 : 8}
        label={t(bodyLabelId)}
        helper={t('community.composer.plain')}
        value={body}
        dir="auto"
        required
        error={problem(problems.body)}
        onChange={(value) => actor.send({ type: 'composer.body', value })}
      />
      <p className={counter} data-testid="composer-body-left" aria-live="polite">
        {t('community.composer.left', { count: max - textLength(body) })}
      </p>
      {showPostAs && (
        <div className={row}>
          {avatar?.url && (
            <Avatar.Root>
              <Avatar.Image src={avatar.url} alt="" />
            </Avatar.Root>
          )}
          <RadioField
            name="postAs"
            label={t('community.composer.postAs.label')}
            helper={t('community.composer.postAs.help')}
            value={anonymous ? 'member' : 'alias'}
            onChange={(v) => actor.send({ type: 'composer.anonymous', on: v === 'member' })}
            options={[
              { value: 'alias', label: t('community.composer.postAs.alias', { alias }) },
              { value: 'member', label: t('community.composer.postAs.member') },
            ]}
          />
        </div>
      )}
      <div aria-live="assertive" data-testid="composer-announce">
        {needsEdit && (
          <FoundNotice kinds={kinds} found={found.map((d) => d.match)} serverCode={error?.code ?? null} />
        )}
        {snap.hasTag('failed') && error && (
          <Notice
            data-testid="composer-failed"
            description={
              intl.messages[`community.composer.error.${error.code}`]
                ? t(`community.composer.error.${error.code}`)
                : t('community.composer.error.other')
            }
            actions={
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => actor.send({ type: 'composer.retry' })}
              >
                {t('community.composer.retry')}
              </Button>
            }
          />
        )}
      </div>
      <div>
        <Button type="submit" loading={busy} aria-busy={busy} disabled={busy} data-testid="composer-send">
          {t(sendLabelId)}
        </Button>
      </div>
    </form>
  );
}

function FoundNotice({
  kinds,
  found,
  serverCode,
}: {
  kinds: string[];
  found: string[];
  serverCode: string | null;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (kinds.length === 0) {
    return (
      <Notice
        status={serverCode ? 'error' : 'success'}
        data-testid="composer-found"
        description={t(
          serverCode ? `community.composer.refused.${serverCode}` : 'community.composer.found.fixed',
        )}
      />
    );
  }
  return (
    <Notice
      data-testid="composer-found"
      title={t('community.composer.found.title')}
      description={
        <>
          <span>{t('community.composer.found.intro')}</span>{' '}
          <strong data-testid="composer-found-kinds">
            {intl.formatList(
              kinds.map((k) => t(`community.composer.found.${k}`)),
              { type: 'conjunction' },
            )}
          </strong>
          <span className={css({ display: 'block', marginBlockStart: '2' })}>
            <FormattedMessage id="community.composer.found.where" />{' '}
            {found.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same text may be found twice
              <mark key={i} className={mark} dir="auto" data-testid="composer-found-match">
                {m}
              </mark>
            ))}
          </span>
        </>
      }
    />
  );
}

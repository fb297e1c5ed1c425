import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type FormKind, HONEYPOT_FIELD } from '../../../contract/forms-rules';
import { enquiryFormMachine } from '../../../machines/enquiryForm';
import { css } from '../../../styled-system/css';
import { grid, stack } from '../../../styled-system/patterns';
import { sendForm } from '../../api/forms';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { Button } from '../../components/button';
import { Honeypot } from '../../components/form-fields';
import { Notice, RetryButton } from '../../components/notice';
import { FieldControl } from './FieldControl';
import { FormSent } from './FormSent';
import { focusField, maybe, UI } from './form-ui';

/**
 * One form for the five public forms (issue 9), drawn from the shared field table
 * (contract/forms-rules.ts, ./form-ui.ts) and driven by the enquiryForm machine: the screen shows
 * its state and sends what she does.
 */

function createLogic(overrides: ScreenOverrides['enquiryForm']) {
  const real = enquiryFormMachine.provide({ actors: { sendForm } });
  return overrides ? real.provide(overrides) : real;
}

const muted = css({ color: 'fg.muted', textStyle: 'body.sm', maxWidth: '70ch' });

export default function EnquiryForm({ kind }: { kind: FormKind }) {
  const intl = useIntl();
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.enquiryForm));
  const form = useActorRef(logic, { input: { kind }, inspect: overrides.inspect });
  const honeypot = useSelector(form, (s) => s.context.values[HONEYPOT_FIELD] ?? '');
  const errors = useSelector(form, (s) => s.context.fieldErrors);
  const attempt = useSelector(form, (s) => s.context.attempt);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const sent = useSelector(form, (s) => s.hasTag('step:sent'));
  const failed = useSelector(form, (s) => s.hasTag('step:failed'));
  const root = useRef<HTMLFormElement>(null);
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);

  // a refused submit: focus the first field with a problem (the summary above says how many);
  // only when a submit is refused (attempt), not as the marks change while she types
  const errorsNow = useRef(errors);
  errorsNow.current = errors;
  useEffect(() => {
    if (attempt === 0) return;
    const first = UI[kind].find((f) => errorsNow.current[f.name]);
    if (first) focusField(root.current, first.name);
  }, [attempt, kind]);

  if (sent) return <FormSent kind={kind} onAnother={() => form.send({ type: 'form.another' })} />;

  const problemCount = Object.keys(errors).length;
  return (
    <form
      ref={root}
      noValidate
      aria-busy={busy}
      data-testid={`form-${kind}`}
      className={stack({ gap: '5', position: 'relative' })}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <p className={muted}>
        <FormattedMessage id="forms.requiredNote" values={{ mark: <span aria-hidden="true">*</span> }} />
      </p>
      {problemCount > 0 && attempt > 0 && (
        <Notice
          status="error"
          data-testid="form-problems"
          title={t('forms.problems', { count: problemCount })}
        />
      )}
      <fieldset
        disabled={busy}
        className={grid({
          columns: { base: 1, md: 2 },
          gap: '5',
          '& > [data-wide]': { gridColumn: { md: '1 / -1' } },
        })}
      >
        <legend className={css({ srOnly: true })}>
          <FormattedMessage id={`forms.${kind}.legend`} />
        </legend>
        {UI[kind].map((f) => (
          <div key={f.name} data-wide={f.wide ? '' : undefined} className={css({ minWidth: '0' })}>
            <FieldControl kind={kind} field={f} form={form} />
          </div>
        ))}
      </fieldset>
      <Honeypot
        name={HONEYPOT_FIELD}
        label={t('forms.honeypot')}
        value={honeypot}
        onChange={(value) => form.send({ type: 'form.change', field: HONEYPOT_FIELD, value })}
      />
      {failed && error && (
        <Notice
          status="error"
          data-testid="form-failed"
          title={t('forms.failed.title')}
          description={
            maybe(intl, `forms.failed.${error.code}`, {
              minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)),
            }) ?? t('forms.failed.generic')
          }
          actions={<RetryButton labelId="forms.retry" onClick={() => form.send({ type: 'form.retry' })} />}
        />
      )}
      <p className={muted}>
        <FormattedMessage id={`forms.${kind}.privacy`} />
      </p>
      <div>
        <Button
          type="submit"
          size="lg"
          loading={busy}
          data-testid="form-submit"
          className={css({ width: { base: 'full', sm: 'auto' } })}
        >
          <FormattedMessage id={`forms.${kind}.submit`} />
        </Button>
        {busy && (
          <span role="status" className={css({ srOnly: true })}>
            <FormattedMessage id="forms.sending" />
          </span>
        )}
      </div>
    </form>
  );
}

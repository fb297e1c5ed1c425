import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AppError } from '../../../machines/types';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { errorMessage } from '../messages';
import { actionsRow, formColumn } from './SectionFrame';

/**
 * A section's form that one submit saves (her PIN, her security questions): the fields, then how the
 * last try ended (failed: what and why, or "try later"; done: the section's own notice), then the
 * save button, busy while the machine works. `name` gives the test ids `<name>-error` and
 * `<name>-save`; `failed` is the error to show (null when the last try did not fail).
 *
 *     <SectionForm name="pin" busy={busy} onSubmit={…} failed={…} texts={{ failed, save }} done={…}>
 */
export function SectionForm(props: {
  name: string;
  busy: boolean;
  onSubmit: () => void;
  failed: AppError | null;
  texts: { failed: ReactNode; save: ReactNode };
  done?: ReactNode;
  /** After the button: a polite live region, for one. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <form
      noValidate
      className={formColumn}
      aria-busy={props.busy}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      {props.failed && (
        <Notice
          data-testid={`${props.name}-error`}
          title={props.texts.failed}
          description={errorMessage(intl, props.failed, 'settings.tryLater')}
        />
      )}
      {props.done}
      <div className={actionsRow}>
        <Button type="submit" loading={props.busy} data-testid={`${props.name}-save`}>
          {props.texts.save}
        </Button>
      </div>
      {props.after}
    </form>
  );
}

import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { panel } from '../../components/panel';

/**
 * One section of Account Settings: a panel headed by its title (an h3 under the page's h2, its id
 * `settings-<name>` so the page's parts and the tests find it), an optional line saying what it is
 * for, then its content. Every section of the page (C1's and C2's) uses it, so they read alike.
 */
export function SectionFrame(props: {
  name: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'subtle' | 'danger';
  children: ReactNode;
}) {
  const headingId = `settings-${props.name}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`settings-${props.name}`}
      className={cx(
        panel({ raised: true, padding: 'lg' }),
        css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' }),
        props.tone === 'danger' ? css({ borderColor: 'error.border' }) : undefined,
      )}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h3
          id={headingId}
          tabIndex={-1}
          className={css({ textStyle: 'heading.sm', color: 'fg.default', outline: 'none' })}
        >
          {props.title}
        </h3>
        {props.intro && (
          <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed' })}>{props.intro}</p>
        )}
      </div>
      {props.children}
    </section>
  );
}

/** The form layout every section's form shares: fields one under the other, the action at the end. */
export const formColumn = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '2xl' });
export const actionsRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });

import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { AlertIcon, ArrowStartIcon, InfoIcon } from '../../theme/icons';
import { usePageMeta } from '../site-page/meta';
import { useDocumentTitleText } from '../useDocumentTitle';
import { ExpertProfile } from './ExpertProfile';
import { useExpertsActor } from './parts';

function ProfileSkeleton() {
  return (
    <LoadingState label={<FormattedMessage id="experts.profile.loading" />} data-testid="expert-loading">
      <div className={cx(panel({ tone: 'strong', padding: 'lg' }), css({ display: 'flex', gap: '5' }))}>
        <Skeleton className={css({ width: '20', height: '20', borderRadius: 'full', flexShrink: '0' })} />
        <div className={stack({ gap: '3', flex: '1' })}>
          <Skeleton className={css({ width: '1/2', height: '8' })} />
          <Skeleton className={css({ width: '1/3', height: '5' })} />
        </div>
      </div>
      <div className={stack({ gap: '3', mt: '8' })}>
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: '2/3', height: '4' })} />
      </div>
    </LoadingState>
  );
}

/** One expert, /experts/:id (issue 9): bio, qualifications, languages, call types, consultations, her courses. */
export default function ExpertView() {
  usePageMeta('experts.profile.meta.title', 'experts.profile.meta.description');
  const { id } = useParams<{ id: string }>();
  const [input] = useState(() => ({ expertId: id }));
  const experts = useExpertsActor(input);
  const loading = useSelector(experts, (s) => s.hasTag('step:loading'));
  const failed = useSelector(experts, (s) => s.hasTag('step:failed'));
  const notFound = useSelector(experts, (s) => s.hasTag('step:notFound'));
  const expert = useSelector(experts, (s) => (s.hasTag('step:ready') ? s.context.expert : null));
  const refreshing = useSelector(experts, (s) => s.hasTag('step:refreshing'));
  const intl = useIntl();
  useDocumentTitleText(
    expert?.name ?? (notFound ? intl.formatMessage({ id: 'experts.profile.notFound.title' }) : null),
  );

  // another expert's address while this screen is open (a link from one profile to another)
  useEffect(() => {
    experts.send({ type: 'experts.open', expertId: id });
  }, [id, experts]);

  return (
    <div className={cx(pageColumn(), stack({ gap: '6' }))}>
      <TextLink href="/experts">
        <ArrowStartIcon aria-hidden="true" />
        <FormattedMessage id="experts.profile.back" />
      </TextLink>
      {loading && <ProfileSkeleton />}
      {failed && (
        <div data-testid="expert-error">
          <EmptyState
            icon={<AlertIcon />}
            titleAs="h1"
            title={<span role="alert">{intl.formatMessage({ id: 'experts.profile.error' })}</span>}
            action={
              <Button type="button" onClick={() => experts.send({ type: 'experts.retry' })}>
                <FormattedMessage id="experts.retry" />
              </Button>
            }
          />
        </div>
      )}
      {notFound && (
        <div data-testid="expert-not-found">
          <EmptyState
            icon={<InfoIcon />}
            titleAs="h1"
            title={<FormattedMessage id="experts.profile.notFound.title" />}
            description={<FormattedMessage id="experts.profile.notFound.body" />}
            action={
              <LinkButton href="/experts">
                <FormattedMessage id="experts.profile.back" />
              </LinkButton>
            }
          />
        </div>
      )}
      {expert && <ExpertProfile expert={expert} refreshing={refreshing} />}
    </div>
  );
}

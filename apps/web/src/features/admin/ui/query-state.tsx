import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorCard } from '../../../shared/ui/state-card.tsx';

/** The dashboard's loading state: a spinner in the middle of the page, named for screen readers. */
export function AdminLoading() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex justify-center py-16" role="status" aria-label={t('list.loading')}>
      <Spinner />
    </div>
  );
}

/** What a page shows before its query has data: the error with a retry, or the loading state. */
export function QueryFallback({
  query,
  errorTitle,
}: {
  query: { isError: boolean; isFetching: boolean; refetch: () => unknown };
  errorTitle: string;
}) {
  const { t } = useTranslation('admin');
  if (!query.isError) return <AdminLoading />;
  return (
    <ErrorCard
      title={errorTitle}
      body={t('list.errorBody')}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

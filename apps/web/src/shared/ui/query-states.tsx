import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, isValidElement, type ReactElement, type ReactNode } from 'react';
import { LoadingPlaceholders } from './loading-placeholders.tsx';
import { ErrorCard } from './state-card.tsx';

type Retry = { onRetry: () => void; retrying: boolean };

export type QueryStatesProps<T> = {
  query: UseQueryResult<T>;
  loading: ComponentProps<typeof LoadingPlaceholders> | ReactElement;
  error: Omit<ComponentProps<typeof ErrorCard>, keyof Retry> | ((retry: Retry) => ReactNode);
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * What a screen shows for one TanStack query, in order: `loading` placeholders (or its own skeleton)
 * while it is pending;
 * when it failed, an `ErrorCard` with `error`'s texts (or `error`'s own markup) whose retry refetches;
 * `empty` when `isEmpty(data)`; otherwise `children(data)`.
 */
export function QueryStates<T>({ query, loading, error, isEmpty, empty, children }: QueryStatesProps<T>) {
  if (query.isPending) return isValidElement(loading) ? loading : <LoadingPlaceholders {...loading} />;
  if (query.isError) {
    const retry: Retry = { onRetry: () => void query.refetch(), retrying: query.isFetching };
    return typeof error === 'function' ? error(retry) : <ErrorCard {...error} {...retry} />;
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

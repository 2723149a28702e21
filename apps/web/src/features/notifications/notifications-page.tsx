import { useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@ustaz/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import type { ClockProps } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';
import { Button } from '../../shared/ui/button.tsx';
import { BellOff, CheckCheck } from '../../shared/ui/icons.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { listPlaceholders, PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { usePaginationLabels } from '../../shared/ui/use-pagination-labels.ts';
import { addLiveNotification, useMarkAllAsRead, useMarkAsRead, useNotifications } from './api/notifications.ts';
import { NotificationItem } from './notification-item.tsx';

const CLOCK_TICK_MS = 60_000;

/** The time "5 minutes ago" is measured from: `fixed` in tests, otherwise now, moving every minute. */
function useClock(fixed: Date | undefined): Date {
  const [clock, setClock] = useState(() => new Date());
  useEffect(() => {
    if (fixed) return;
    const timer = setInterval(() => setClock(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [fixed]);
  return fixed ?? clock;
}

function readPage(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  return /^\d{1,4}$/.test(text) ? Math.max(1, Number(text)) : 1;
}

function pageSearch(page: number): URLSearchParams {
  return new URLSearchParams(page > 1 ? { page: String(page) } : {});
}

/**
 * /{lang}/notifications: the signed-in user's notifications, newest first and paged (`?page=`).
 * A click marks one read and opens what it is about; "Mark all as read" clears the lot; new ones
 * from the socket appear at the top of the first page.
 */
export function NotificationsPage({ now, timeZone }: ClockProps) {
  const { t } = useTranslation('notifications');
  const pageLabels = usePaginationLabels('notifications');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams);
  const list = useNotifications({ userId: user?.id ?? null, page });
  const markAsRead = useMarkAsRead();
  const markAll = useMarkAllAsRead({ onError: () => void notify.error(t('markAllError')) });
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  const unreadCount = list.data?.unreadCount ?? 0;
  const current = useClock(now);

  useRealtimeEvent('notification', (notification) => addLiveNotification(queryClient, notification));

  // A page past the last one (an old link, or fewer notifications now) moves to the last.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > totalPages) {
      setSearchParams(pageSearch(totalPages), { replace: true });
    }
  }, [list.data, list.isPlaceholderData, page, totalPages, setSearchParams]);

  const open = (notification: AppNotification) => markAsRead(notification);
  const top = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setSearchParams(pageSearch(next));
    // The buttons sit below the list: the next page starts at its top (jsdom has no scrolling).
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div ref={top} className="mx-auto flex w-full max-w-3xl scroll-mt-16 flex-col gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle
          as="div"
          title={t('title')}
          subtitle={
            list.data
              ? t('unreadSummary', { count: unreadCount, number: formatNumber(unreadCount, language) })
              : t('subtitle')
          }
          subtitleTestId="notifications-summary"
        />
        {list.data && list.data.total > 0 ? (
          <Button
            variant="outline"
            onClick={() => markAll.mutate()}
            disabled={unreadCount === 0 || markAll.isPending}
            loading={markAll.isPending}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('markAllAsRead')}
          </Button>
        ) : null}
      </header>
      <section aria-label={t('listLabel')} aria-busy={list.isFetching || undefined}>
        <PagedQueryStates
          query={list}
          pager={{ page, onPageChange: goToPage, labels: pageLabels }}
          className="flex flex-col gap-5"
          loading={listPlaceholders(t('loading'), 'stack', 4, 'h-24', 'notifications-loading')}
          error={{ title: t('errorTitle'), body: t('errorBody'), testId: 'notifications-error' }}
          empty={{ icon: BellOff, title: t('empty.title'), body: t('empty.body'), testId: 'notifications-empty' }}
        >
          {(data) => (
            <ul className="flex flex-col gap-3" data-testid="notifications-list">
              {data.data.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} now={current} timeZone={timeZone} onOpen={open} />
                </li>
              ))}
            </ul>
          )}
        </PagedQueryStates>
      </section>
    </div>
  );
}

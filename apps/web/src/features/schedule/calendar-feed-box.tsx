import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmationModal } from '../../shared/ui/confirmation-modal.tsx';
import { CalendarPlus, Copy, RefreshCw } from '../../shared/ui/icons.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useCalendarFeed, useRotateCalendarFeed } from './api/calendar-feed.ts';

/**
 * "Subscribe in your calendar": the user's secret feed address (read-only, left to right, selected
 * on focus), a copy button, and a new address after a confirmation (the old one stops working).
 */
export function CalendarFeedBox() {
  const { t } = useTranslation('schedule');
  const { t: tc } = useTranslation('common');
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('feed.copied'));
    } catch {
      notify.error(t('feed.copyFailed'));
    }
  }

  async function makeNew() {
    try {
      await rotate.mutateAsync();
      notify.success(t('feed.rotated'));
    } catch (error) {
      notify.error(t('feed.rotateFailed'));
      throw error;
    }
  }

  return (
    <TitledSection
      titleId="calendar-feed-title"
      title={t('feed.title')}
      icon={<CalendarPlus aria-hidden="true" className="size-5 text-primary" />}
      size="lg"
      className="gap-3 p-4 shadow-sm sm:p-5"
      testId="calendar-feed"
    >
      <p className="text-slate-600">{t('feed.body')}</p>
      {feed.isPending ? (
        <div role="status" className="h-11 animate-pulse rounded-lg bg-slate-200">
          <span className="sr-only">{t('feed.loading')}</span>
        </div>
      ) : feed.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
          {t('feed.error')}
          <Button variant="outline" size="sm" onClick={() => void feed.refetch()} loading={feed.isFetching}>
            {tc('retry')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="calendar-feed-url" className="sr-only">
            {t('feed.addressLabel')}
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={feed.data.url}
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
          />
          <Button onClick={() => void copy(feed.data.url)}>
            <Copy aria-hidden="true" className="size-4" />
            {t('feed.copy')}
          </Button>
        </div>
      )}
      <p className="text-sm text-slate-500">{t('feed.private')}</p>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setConfirming(true)}
        disabled={!feed.data}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('feed.rotate')}
      </Button>
      <ConfirmationModal
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={makeNew}
        title={t('feed.rotateTitle')}
        message={t('feed.rotateMessage')}
        confirmText={t('feed.rotateConfirm')}
        variant="destructive"
      />
    </TitledSection>
  );
}

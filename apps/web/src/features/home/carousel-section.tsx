import { type Key, lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { ArrowRight, ChevronLeft, ChevronRight, CircleAlert, Inbox, type LucideIcon } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import type { CarouselApi } from './carousel-api.ts';

/** Previous/next buttons show only when there are more items than this (spec 2). */
export const BUTTONS_ABOVE_ITEMS = 3;

// The moving part (embla) loads after the first paint; the section's frame and heading do not wait.
const CarouselTrack = lazy(() => import('./carousel-track.tsx').then((m) => ({ default: m.CarouselTrack })));

export type CarouselStatus = 'loading' | 'error' | 'success';

export type CarouselSectionProps<T> = {
  title: string;
  subtitle?: string;
  /** A link to the full list: `path` without the language (`/search?mostFamous=true`). */
  viewAll?: { path: string; label: string; accessibleLabel?: string };
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  autoplayMs: number;
  /** loading and error show their placeholder; success with no items shows the empty one. */
  status: CarouselStatus;
  messages: { loading: string; empty: string; error: string };
  testId?: string;
};

/**
 * A home page carousel section (spec 2 "Carousel section"): title, optional language-prefixed
 * view-all link, the cards (1, 2 or 3 per view) with previous/next buttons only when there are
 * more than 3, and the loading, empty and error placeholders. Every state keeps the same height.
 */
export function CarouselSection<T>({
  title,
  subtitle,
  viewAll,
  items,
  getKey,
  renderItem,
  autoplayMs,
  status,
  messages,
  testId,
}: CarouselSectionProps<T>) {
  const { t } = useTranslation('home');
  const language = useCurrentLanguage();
  const titleId = useId();
  const [api, setApi] = useState<CarouselApi>();
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const showItems = status === 'success' && items.length > 0;
  const showButtons = showItems && items.length > BUTTONS_ABOVE_ITEMS;

  return (
    <section aria-labelledby={titleId} className="render-when-near py-14 sm:py-16" data-testid={testId}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
              {title}
            </h2>
            {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
          </div>
          <div className="flex w-full items-center justify-between gap-2 sm:w-auto sm:justify-end">
            {viewAll ? (
              <Link
                to={localePath(language, viewAll.path)}
                aria-label={viewAll.accessibleLabel}
                className="-ms-3 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 font-bold text-primary transition-colors hover:bg-primary/5"
              >
                {viewAll.label}
                <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              </Link>
            ) : null}
            {showButtons ? (
              <div className="ms-auto flex items-center gap-2">
                <ArrowButton
                  icon={ChevronLeft}
                  label={t('carousel.previous')}
                  onClick={() => api?.scrollPrev()}
                  disabled={!api || !canPrev}
                />
                <ArrowButton
                  icon={ChevronRight}
                  label={t('carousel.next')}
                  onClick={() => api?.scrollNext()}
                  disabled={!api || !canNext}
                />
              </div>
            ) : null}
          </div>
        </div>
        <div className="mt-8">
          {status === 'loading' ? <CarouselPlaceholder kind="loading" message={messages.loading} /> : null}
          {status === 'error' ? <CarouselPlaceholder kind="error" message={messages.error} /> : null}
          {status === 'success' && items.length === 0 ? (
            <CarouselPlaceholder kind="empty" message={messages.empty} />
          ) : null}
          {showItems ? (
            <Suspense fallback={<CarouselPlaceholder kind="loading" message={messages.loading} />}>
              <CarouselTrack
                label={t('carousel.region', { title })}
                slides={items.map((item) => ({ key: getKey(item), node: renderItem(item) }))}
                autoplayMs={autoplayMs}
                onApi={setApi}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </section>
  );
}

const PLACEHOLDER_BASE = 'flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border p-6 text-center';

/** What a carousel shows instead of cards: loading, nothing to show, or a failure (in red). */
export function CarouselPlaceholder({ kind, message }: { kind: 'loading' | 'empty' | 'error'; message: string }) {
  if (kind === 'loading') {
    return (
      <div className={cx(PLACEHOLDER_BASE, 'border-slate-200 bg-slate-50 text-primary')} data-placeholder="loading">
        <Spinner size="lg" label={message} />
        <p aria-hidden="true" className="text-slate-600">
          {message}
        </p>
      </div>
    );
  }
  if (kind === 'error') {
    return (
      <div className={cx(PLACEHOLDER_BASE, 'border-red-200 bg-red-50 text-red-700')} data-placeholder="error">
        <CircleAlert aria-hidden="true" className="size-8" />
        <p className="font-semibold">{message}</p>
      </div>
    );
  }
  return (
    <div
      className={cx(PLACEHOLDER_BASE, 'border-dashed border-slate-300 bg-white text-slate-600')}
      data-placeholder="empty"
    >
      <Inbox aria-hidden="true" className="size-8 text-slate-400" />
      <p>{message}</p>
    </div>
  );
}

/** A round previous or next button of the carousel; the chevron flips in right-to-left. */
function ArrowButton({
  icon: Icon,
  label,
  onClick,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm transition-colors hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:opacity-50"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      <Icon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
    </button>
  );
}

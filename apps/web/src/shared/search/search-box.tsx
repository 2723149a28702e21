import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cx } from '../ui/class-names.ts';
import { Search, SlidersHorizontal, X } from '../ui/icons.tsx';
import { useModal } from '../ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../ui/modal/modal-kinds.ts';
import type { TeacherSearchDialogData } from './search-url.ts';
import { useSearchQuerySync, wantsSearchFocus } from './use-search-query-sync.ts';

export type SearchBoxProps = {
  /** Names the search landmark; defaults to the common search label. */
  label?: string;
  className?: string;
};

/**
 * The teacher search box (spec 2 "Search box"), on the home page and the search page: the text
 * follows `q` in the address (see useSearchQuerySync) and the filter button opens the
 * TEACHER_SEARCH dialog with the current filters and a callback that applies new ones.
 */
export function SearchBox({ label, className }: SearchBoxProps) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { text, setText, submit, filters, applyFilters } = useSearchQuerySync();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // Arriving from another page's box: keep typing here, with the caret after the text.
  const focusOnArrival = wantsSearchFocus(location.state);
  useEffect(() => {
    const input = inputRef.current;
    if (!focusOnArrival || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [focusOnArrival]);

  function openFilters() {
    const data: TeacherSearchDialogData = { initialValues: filters, onSearch: applyFilters };
    openModal(MODAL_KINDS.TEACHER_SEARCH, data, { size: 'lg' });
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers (and jsdom); the role works everywhere.
    <form
      role="search"
      aria-label={label ?? t('search.label')}
      className={cx('w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-center gap-1 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-primary/10 focus-within:border-primary">
        <Search aria-hidden="true" className="ms-2.5 size-5 shrink-0 text-slate-500" />
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.placeholder')}
          dir={text ? 'auto' : undefined}
          className="min-h-11 min-w-0 flex-1 bg-transparent px-2 text-base text-slate-900 outline-none placeholder:text-slate-500 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {text ? (
          <button
            type="button"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
            aria-label={t('ui.clear')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={openFilters}
          aria-label={t('search.openFilters')}
          title={t('search.openFilters')}
          aria-haspopup="dialog"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground transition-colors hover:bg-primary-hover"
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
    </form>
  );
}

import { TIMINGS } from '@ustaz/contract/constants';
import { Check, Plus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { clampPage } from '../../shared/lib/paging.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { ModalFooter } from '../../shared/ui/modal/modal-footer.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { SubjectsFormatError, useSubjects } from './api/get-subjects.ts';
import { logSubjectNotFound } from './api/log-not-found.ts';
import {
  addCustomSubject,
  CUSTOM_SUBJECT_MAX_LENGTH,
  MAX_CUSTOM_SUBJECTS,
  removeCustomSubject,
} from './custom-subjects.ts';
import {
  EMPTY_SUBJECT_CHOICE,
  readSubjectChoice,
  type SubjectChoice,
  writeSubjectChoice,
} from './subject-choice-url.ts';
import { SubjectIcon } from './subject-icon.tsx';

export type SubjectSelectionModalProps = { open: boolean; onClose: () => void };

/**
 * The subject-selection modal (spec 2, 4, 5 and 8): search, a page of subject cards (one
 * selectable), custom subjects as chips, and a confirm that writes `subject` and
 * `customSubjects` into the search page's address (in place there, otherwise it goes there).
 */
export function SubjectSelectionModal({ open, onClose }: SubjectSelectionModalProps) {
  const { t } = useTranslation('search');
  return (
    <Modal open={open} onClose={onClose} size="4xl" title={t('subjects.title')}>
      <SubjectSelection onDone={onClose} />
    </Modal>
  );
}

type Selected = { value: string; name: string | null } | null;

function SubjectSelection({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('search');
  const language = useCurrentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const searchPath = localePath(language, '/search');
  const onSearchPage = location.pathname === searchPath;
  const [initial] = useState<SubjectChoice>(() =>
    onSearchPage ? readSubjectChoice(searchParams) : EMPTY_SUBJECT_CHOICE,
  );
  const [selected, setSelected] = useState<Selected>(initial.subject ? { value: initial.subject, name: null } : null);
  const [customSubjects, setCustomSubjects] = useState<string[]>(initial.customSubjects);
  const [customText, setCustomText] = useState('');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const logged = useRef(new Set<string>());
  const query = useSubjects(search, page, language);

  // The subject search waits for a 500 ms pause in typing; a new search starts at page 1.
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, TIMINGS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  // The page stays within 1..totalPages when the list shrinks.
  const totalPages = query.data?.totalPages ?? 1;
  useEffect(() => {
    if (query.data && page > 1 && page > query.data.totalPages) setPage(clampPage(page, query.data.totalPages));
  }, [query.data, page]);

  function isSelected(subject: { id: number; name: string }) {
    if (!selected) return false;
    return (
      selected.value === String(subject.id) || selected.value.toLocaleLowerCase() === subject.name.toLocaleLowerCase()
    );
  }

  function toggle(subject: { id: number; name: string }) {
    setSelected(isSelected(subject) ? null : { value: String(subject.id), name: subject.name });
  }

  function addCustom(text: string): string[] {
    const { list, added } = addCustomSubject(customSubjects, text);
    if (!added) return customSubjects;
    setCustomSubjects(list);
    const key = added.toLocaleLowerCase();
    if (!logged.current.has(key)) {
      logged.current.add(key);
      void logSubjectNotFound(added);
    }
    return list;
  }

  function handleCustomKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!customText.trim()) return;
    addCustom(customText);
    setCustomText('');
  }

  function confirm() {
    // Text typed but not yet added with Enter counts as added.
    const custom = customText.trim() ? addCustom(customText) : customSubjects;
    const choice: SubjectChoice = { subject: selected?.value ?? null, customSubjects: custom };
    if (onSearchPage) setSearchParams(writeSubjectChoice(searchParams, choice));
    else {
      const next = writeSubjectChoice(new URLSearchParams(), choice).toString();
      navigate(next ? `${searchPath}?${next}` : searchPath);
    }
    onDone();
  }

  const full = customSubjects.length >= MAX_CUSTOM_SUBJECTS;
  // A subject chosen before (from the address, by id) is named once its card is on screen.
  const selectedName = selected?.name ?? query.data?.subjects.find(isSelected)?.name ?? null;

  return (
    <div className="flex flex-col gap-5">
      <TextInput
        name="subjectSearch"
        enterKeyHint="search"
        label={t('subjects.searchLabel')}
        placeholder={t('subjects.searchPlaceholder')}
        value={searchText}
        onValueChange={setSearchText}
        maxLength={CUSTOM_SUBJECT_MAX_LENGTH}
        autoComplete="off"
        clearable
      />
      <section aria-label={t('subjects.listLabel')} aria-busy={query.isFetching || undefined} className="min-h-48">
        <SubjectList query={query} search={search} page={page} isSelected={isSelected} onToggle={toggle} />
      </section>
      {query.data && query.data.total > 0 && totalPages > 1 ? (
        <Pagination
          language={language}
          compact
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => setPage(clampPage(next, totalPages))}
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            status: (numbers) => t('pagination.page', numbers),
          }}
        />
      ) : null}
      <section className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4">
        <h3 className="text-sm font-bold text-slate-900">{t('subjects.customTitle')}</h3>
        <TextInput
          name="customSubject"
          label={t('subjects.customLabel')}
          placeholder={t('subjects.customPlaceholder')}
          helperText={full ? t('subjects.customFull', { max: MAX_CUSTOM_SUBJECTS }) : t('subjects.customHelp')}
          value={customText}
          onValueChange={setCustomText}
          onKeyDown={handleCustomKey}
          maxLength={CUSTOM_SUBJECT_MAX_LENGTH}
          disabled={full}
          autoComplete="off"
          enterKeyHint="done"
        />
        {customSubjects.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('subjects.customListLabel')}>
            {customSubjects.map((name) => (
              <li
                key={name}
                className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-1 ps-3 pe-1 text-sm font-semibold text-primary"
                data-testid="custom-subject-chip"
              >
                <Plus aria-hidden="true" className="size-3.5" />
                <span dir="auto">{name}</span>
                <button
                  type="button"
                  onClick={() => setCustomSubjects((list) => removeCustomSubject(list, name))}
                  aria-label={t('subjects.removeCustom', { name })}
                  className="flex size-8 items-center justify-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {selected ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{t('subjects.selectedLabel')}</span>
          <span className="font-semibold text-slate-900" dir="auto">
            {selectedName ?? t('subjects.selectedSubject')}
          </span>
          <button
            type="button"
            onClick={() => setSelected(null)}
            className="rounded font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t('subjects.clearSelection')}
          </button>
        </p>
      ) : null}
      <ModalFooter>
        <Button variant="outline" onClick={onDone}>
          {t('subjects.cancel')}
        </Button>
        <Button onClick={confirm}>{t('subjects.confirm')}</Button>
      </ModalFooter>
    </div>
  );
}

type ListProps = {
  query: ReturnType<typeof useSubjects>;
  search: string;
  page: number;
  isSelected: (subject: { id: number; name: string }) => boolean;
  onToggle: (subject: { id: number; name: string }) => void;
};

/** Loading, error (bad format or load failure), empty (first page, total 0) or the cards. */
function SubjectList({ query, search, page, isSelected, onToggle }: ListProps) {
  const { t } = useTranslation('search');
  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div className="flex min-h-48 items-center justify-center text-primary">
        <Spinner size="lg" label={t('subjects.loading')} />
      </div>
    );
  }
  if (query.isError || (query.data.page === 1 && page === 1 && query.data.total === 0)) {
    const message = query.isError
      ? t(query.error instanceof SubjectsFormatError ? 'subjects.badFormat' : 'subjects.loadFailed')
      : search
        ? t('subjects.noMatch', { search })
        : t('subjects.noSubjects');
    return (
      <div
        role={query.isError ? 'alert' : 'status'}
        className={cx(
          'flex min-h-48 flex-col items-center justify-center gap-4 rounded-xl border border-dashed p-6 text-center',
          query.isError ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-300 text-slate-600',
        )}
      >
        <p className="max-w-md leading-7">{message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('subjects.retry')}
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {query.data.subjects.map((subject) => {
        const active = isSelected(subject);
        return (
          <li key={subject.id}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onToggle(subject)}
              className={cx(
                'relative flex h-full w-full flex-col items-start gap-2 rounded-xl border p-3 text-start transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                active
                  ? 'border-primary bg-primary/5 ring-2 ring-primary'
                  : 'border-slate-200 bg-white hover:border-primary/60',
              )}
              data-testid="subject-card"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <SubjectIcon name={subject.icon} className="size-5" />
              </span>
              <span className="font-bold text-slate-900" dir="auto">
                {subject.name}
              </span>
              {subject.description ? (
                <span className="line-clamp-2 text-xs leading-5 text-slate-600" dir="auto">
                  {subject.description}
                </span>
              ) : null}
              {active ? (
                <span className="absolute top-2 end-2 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Check aria-hidden="true" className="size-4" />
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

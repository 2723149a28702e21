import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { clampPage } from '../../shared/lib/paging.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { ModalFooter } from '../../shared/ui/modal/modal-footer.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { CUSTOM_SUBJECT_MAX_LENGTH } from './custom-subjects.ts';
import { CustomSubjectsField } from './custom-subjects-field.tsx';
import {
  EMPTY_SUBJECT_CHOICE,
  readSubjectChoice,
  type SubjectChoice,
  writeSubjectChoice,
} from './subject-choice-url.ts';
import { SubjectList } from './subject-list.tsx';
import { useCustomSubjects } from './use-custom-subjects.ts';
import { useSubjectSearch } from './use-subject-search.ts';

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
  const custom = useCustomSubjects(initial.customSubjects);
  const { searchText, setSearchText, search, page, setPage, query, totalPages } = useSubjectSearch();

  function isSelected(subject: { id: number; name: string }) {
    if (!selected) return false;
    return (
      selected.value === String(subject.id) || selected.value.toLocaleLowerCase() === subject.name.toLocaleLowerCase()
    );
  }

  function toggle(subject: { id: number; name: string }) {
    setSelected(isSelected(subject) ? null : { value: String(subject.id), name: subject.name });
  }

  function confirm() {
    const choice: SubjectChoice = { subject: selected?.value ?? null, customSubjects: custom.withTyped() };
    if (onSearchPage) setSearchParams(writeSubjectChoice(searchParams, choice));
    else {
      const next = writeSubjectChoice(new URLSearchParams(), choice).toString();
      navigate(next ? `${searchPath}?${next}` : searchPath);
    }
    onDone();
  }

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
      <CustomSubjectsField custom={custom} />
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

import { TIMINGS } from '@ustaz/contract/constants';
import { useEffect, useState } from 'react';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { clampPage } from '../../shared/lib/paging.ts';
import { useSubjects } from './api/get-subjects.ts';

/**
 * The subject search of the selection: the typed text, the search it starts after a 500 ms pause
 * (from page 1), and the page, kept within the pages there are.
 */
export function useSubjectSearch() {
  const language = useCurrentLanguage();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
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

  return { searchText, setSearchText, search, page, setPage, query, totalPages };
}

import { TIMINGS } from '@ustaz/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import {
  buildFilterSearchUrl,
  buildSearchUrl,
  isSearchPage,
  readSearchFilters,
  SEARCH_TEXT_PARAM,
  type SearchNavigation,
  searchPath,
  type TeacherSearchFilterInput,
  type TeacherSearchFilters,
} from './search-url.ts';

/** History state set when the box sends the visitor to the search page: the box there takes focus. */
export type SearchNavigationState = { focusSearch?: boolean };

export function wantsSearchFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as SearchNavigationState).focusSearch === true;
}

export type SearchQuerySync = {
  /** The text in the box. */
  text: string;
  /** Sets the text; the address follows after the debounce pause. */
  setText: (text: string) => void;
  /** Applies the text now (Enter); on another page an empty text opens the search page as is. */
  submit: () => void;
  /** The filter values in the address, for the filter dialog. */
  filters: TeacherSearchFilters;
  /** Applies the filter dialog's values (and the current text) to the search page address. */
  applyFilters: (values: TeacherSearchFilterInput) => void;
};

/**
 * The search box's link with the address (spec 2 "Search box"): the text follows `q`, and typing
 * writes `q` on /{lang}/search after a pause of TIMINGS.searchDebounceMs (500 ms), replacing the
 * history entry on the search page; see buildSearchUrl for the exact rules.
 */
export function useSearchQuerySync(delayMs: number = TIMINGS.searchDebounceMs): SearchQuerySync {
  const language = useCurrentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const addressText = new URLSearchParams(location.search).get(SEARCH_TEXT_PARAM) ?? '';

  const [text, setTextState] = useState(addressText);
  const [seenAddressText, setSeenAddressText] = useState(addressText);
  // The address changed from outside the box (Back, a link, another control): show its text,
  // unless the box already says the same apart from spaces the user is still typing.
  if (addressText !== seenAddressText) {
    setSeenAddressText(addressText);
    if (addressText !== text.trim()) setTextState(addressText);
  }

  const locationRef = useRef<Location>(location);
  const textRef = useRef(text);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const committedRef = useRef<string | null>(null);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  // A change of `q` that the box did not make cancels the typing still waiting for its pause.
  useEffect(() => {
    if (committedRef.current !== addressText) clearTimeout(timerRef.current);
    committedRef.current = null;
  }, [addressText]);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  const go = useCallback(
    (target: SearchNavigation | null, focusSearch = true) => {
      if (!target) return;
      committedRef.current = new URL(target.to, 'http://x').searchParams.get(SEARCH_TEXT_PARAM) ?? '';
      // Typing carries on in the search page's box; the filter dialog leaves the focus to the page.
      const state: SearchNavigationState | undefined = !target.replace && focusSearch ? { focusSearch } : undefined;
      navigate(target.to, { replace: target.replace, state });
    },
    [navigate],
  );

  const commit = useCallback(
    (value: string) => {
      clearTimeout(timerRef.current);
      go(buildSearchUrl(locationRef.current, language, value));
    },
    [go, language],
  );

  const setText = useCallback(
    (value: string) => {
      textRef.current = value;
      setTextState(value);
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => commit(value), delayMs);
    },
    [commit, delayMs],
  );

  const submit = useCallback(() => {
    const value = textRef.current;
    const onSearchPage = isSearchPage(locationRef.current.pathname, language);
    if (!onSearchPage && !value.trim()) {
      clearTimeout(timerRef.current);
      go({ to: searchPath(language), replace: false });
      return;
    }
    commit(value);
  }, [commit, go, language]);

  const applyFilters = useCallback(
    (values: TeacherSearchFilterInput) => {
      clearTimeout(timerRef.current);
      go(buildFilterSearchUrl(locationRef.current, language, values, textRef.current), false);
    },
    [go, language],
  );

  useEffect(() => {
    textRef.current = text;
  }, [text]);

  const filters = isSearchPage(location.pathname, language) ? readSearchFilters(location.search) : {};
  return { text, setText, submit, filters, applyFilters };
}

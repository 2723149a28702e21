import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';

/**
 * The language of the page: the `:lang` route segment, else i18next's resolved language, else
 * Arabic. Returns it with `to(path)`, which prefixes an app path (`/teachers` -> `/ar/teachers`).
 */
export function usePageLanguage(): { lang: Language; to: (path: string) => string } {
  const { lang: param } = useParams();
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage;
  const lang: Language = isLanguage(param) ? param : isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
  return { lang, to: (path: string) => localePath(lang, path) };
}

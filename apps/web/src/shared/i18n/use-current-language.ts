import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ustaz/contract/constants';
import { useParams } from 'react-router';

/** The language of the current route (its first path segment). */
export function useCurrentLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

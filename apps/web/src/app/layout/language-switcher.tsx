import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { storeLanguageChoice, switchLanguagePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { Languages } from '../../shared/ui/icons.tsx';

/**
 * Links to the same page in the other language: only the first path segment changes. The choice
 * is remembered in a cookie, so opening `/` later lands on it (ADR 004).
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = useCurrentLanguage();
  const target = current === 'ar' ? 'en' : 'ar';
  return (
    <Link
      to={switchLanguagePath(location, target)}
      lang={target}
      hrefLang={target}
      onClick={() => storeLanguageChoice(target)}
      aria-label={t('nav.switchToLabel')}
      data-testid="language-switcher"
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-slate-100 ${className}`}
    >
      <Languages aria-hidden="true" className="size-4" />
      {t('nav.switchTo')}
    </Link>
  );
}

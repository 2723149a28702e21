import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';

/** A visitor's "Log in" and "Sign up" links: small in the bar (log-in quiet), full size in the menu (outlined). */
export function GuestActions({ size }: { size: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const links = [
    { key: 'login', variant: size === 'sm' ? 'ghost' : 'outline' },
    { key: 'register', variant: 'primary' },
  ] as const;
  return links.map(({ key, variant }) => (
    <Link key={key} to={localePath(lang, `/${key}`)} className={buttonClasses({ variant, size })}>
      {t(`nav.${key}`)}
    </Link>
  ));
}

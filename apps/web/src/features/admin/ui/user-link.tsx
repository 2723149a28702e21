import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatId } from '../../../shared/lib/format.ts';

/**
 * A person in a list, linking to their page in the dashboard: the name in its own direction and
 * the user id under it (`#42`), plus an optional second line (an e-mail, shown left to right).
 */
export function UserLink({
  id,
  name,
  detail,
}: {
  id: number;
  /** Empty for an account without a name ("No name" is shown). */
  name: string | null;
  detail?: string;
}) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  return (
    <span className="flex min-w-0 flex-col">
      <Link
        to={localePath(language, `/admin/users/${id}`)}
        className="font-semibold text-primary underline-offset-2 hover:underline"
      >
        <bdi dir="auto">{name?.trim() || t('common.unnamed')}</bdi>
      </Link>
      <span className="text-xs text-slate-500 tabular-nums">{t('common.idRef', { id: formatId(id, language) })}</span>
      {detail ? (
        <span dir="ltr" className="text-xs break-all text-slate-500">
          {detail}
        </span>
      ) : null}
    </span>
  );
}

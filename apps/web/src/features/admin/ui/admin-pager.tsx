import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Pagination } from '../../../shared/ui/pagination.tsx';

/** The total of a list and its previous/next pages, in the viewer's language. */
export function AdminPager({
  page,
  totalPages,
  total,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {t('list.total', { count: total, formatted: formatNumber(total, language) })}
      </p>
      <Pagination
        language={language}
        page={page}
        totalPages={totalPages}
        onPageChange={onPageChange}
        labels={{
          previous: t('list.previous'),
          next: t('list.next'),
          nav: t('list.pagesNav'),
          status: ({ page, totalPages }) => t('list.pageStatus', { page, total: totalPages }),
        }}
      />
    </div>
  );
}

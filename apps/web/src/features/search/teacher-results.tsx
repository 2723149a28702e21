import type { TeacherProfile } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import { SearchX, TriangleAlert } from '../../shared/ui/icons.tsx';
import { CARD_GRID } from '../../shared/ui/paged-query-states.tsx';

export function TeacherGrid({ teachers }: { teachers: TeacherProfile[] }) {
  return (
    <ul className={CARD_GRID}>
      {teachers.map((teacher) => (
        <li key={teacher.id}>
          <TeacherCard teacher={teacher} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the shape of teacher cards while results load. */
export function TeacherGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation('search');
  return (
    <div role="status" data-testid="results-loading">
      <span className="sr-only">{t('page.loading')}</span>
      <ul aria-hidden="true" className={CARD_GRID}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5">
            <div className="flex items-center gap-4">
              <div className="size-16 rounded-full bg-slate-200" />
              <div className="flex flex-1 flex-col gap-2">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-1/2 rounded bg-slate-200" />
                <div className="h-3 w-1/3 rounded bg-slate-200" />
              </div>
            </div>
            <div className="mt-5 flex gap-2">
              <div className="h-5 w-16 rounded-full bg-slate-200" />
              <div className="h-5 w-20 rounded-full bg-slate-200" />
            </div>
            <div className="mt-4 flex flex-col gap-2">
              <div className="h-3 rounded bg-slate-200" />
              <div className="h-3 rounded bg-slate-200" />
              <div className="h-3 w-4/5 rounded bg-slate-200" />
            </div>
            <div className="mt-6 flex items-center justify-between">
              <div className="h-4 w-24 rounded bg-slate-200" />
              <div className="h-9 w-24 rounded-lg bg-slate-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A centred message with an icon and one action: the empty and the error state. */
export function ResultsMessage({
  tone,
  title,
  body,
  action,
}: {
  tone: 'empty' | 'error';
  title: string;
  body: string;
  action: ReactNode;
}) {
  const Icon = tone === 'error' ? TriangleAlert : SearchX;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
    >
      <span
        className={
          tone === 'error'
            ? 'flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700'
            : 'flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary'
        }
      >
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <p className="max-w-md text-slate-600">{body}</p>
      <div className="mt-2">{action}</div>
    </div>
  );
}

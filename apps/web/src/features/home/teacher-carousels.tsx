import { HOME } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import type { TeacherSearchParams } from '../../shared/teachers/api.ts';
import { TeacherCarousel } from './teacher-carousel.tsx';

/** Spec 7: the two teacher searches of the home page. */
export const FAMOUS_TEACHERS: TeacherSearchParams = {
  minRating: HOME.famousMinRating,
  sortBy: 'averageRating',
  sortOrder: 'DESC',
  limit: HOME.teachersPerCarousel,
};
export const MOST_BOOKED_TEACHERS: TeacherSearchParams = {
  sortBy: 'experience',
  sortOrder: 'DESC',
  limit: HOME.teachersPerCarousel,
};

/** Spec 2: famous teachers (every 6 s) then most-booked teachers (every 7 s), each with a view-all link. */
export function TeacherCarousels() {
  const { t } = useTranslation('home');
  const messages = { loading: t('teachers.loading'), empty: t('teachers.empty') };
  return (
    <>
      <TeacherCarousel
        testId="famous-teachers"
        title={t('teachers.famousTitle')}
        subtitle={t('teachers.famousSubtitle')}
        viewAll={{
          path: '/search?mostFamous=true',
          label: t('teachers.viewAll'),
          accessibleLabel: t('teachers.viewAllFamous'),
        }}
        params={FAMOUS_TEACHERS}
        autoplayMs={HOME.famousAutoplayMs}
        messages={messages}
      />
      <div className="bg-surface">
        <TeacherCarousel
          testId="most-booked-teachers"
          title={t('teachers.mostBookedTitle')}
          subtitle={t('teachers.mostBookedSubtitle')}
          viewAll={{
            path: '/search?mostBooked=true',
            label: t('teachers.viewAll'),
            accessibleLabel: t('teachers.viewAllMostBooked'),
          }}
          params={MOST_BOOKED_TEACHERS}
          autoplayMs={HOME.mostBookedAutoplayMs}
          messages={messages}
        />
      </div>
    </>
  );
}

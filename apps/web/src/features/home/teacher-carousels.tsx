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

/** The two carousels, in order: their search, view-all link, texts and autoplay; the second sits on the surface colour. */
const CAROUSELS = [
  {
    testId: 'famous-teachers',
    texts: { title: 'teachers.famousTitle', subtitle: 'teachers.famousSubtitle', viewAll: 'teachers.viewAllFamous' },
    path: '/search?mostFamous=true',
    params: FAMOUS_TEACHERS,
    autoplayMs: HOME.famousAutoplayMs,
    onSurface: false,
  },
  {
    testId: 'most-booked-teachers',
    texts: {
      title: 'teachers.mostBookedTitle',
      subtitle: 'teachers.mostBookedSubtitle',
      viewAll: 'teachers.viewAllMostBooked',
    },
    path: '/search?mostBooked=true',
    params: MOST_BOOKED_TEACHERS,
    autoplayMs: HOME.mostBookedAutoplayMs,
    onSurface: true,
  },
] as const;

/** Spec 2: famous teachers (every 6 s) then most-booked teachers (every 7 s), each with a view-all link. */
export function TeacherCarousels() {
  const { t } = useTranslation('home');
  const messages = { loading: t('teachers.loading'), empty: t('teachers.empty') };
  return (
    <>
      {CAROUSELS.map((carousel) => (
        <HomeTeacherCarousel key={carousel.testId} carousel={carousel} messages={messages} />
      ))}
    </>
  );
}

function HomeTeacherCarousel({
  carousel: { testId, texts, path, params, autoplayMs, onSurface },
  messages,
}: {
  carousel: (typeof CAROUSELS)[number];
  messages: { loading: string; empty: string };
}) {
  const { t } = useTranslation('home');
  const section = (
    <TeacherCarousel
      testId={testId}
      title={t(texts.title)}
      subtitle={t(texts.subtitle)}
      viewAll={{ path, label: t('teachers.viewAll'), accessibleLabel: t(texts.viewAll) }}
      params={params}
      autoplayMs={autoplayMs}
      messages={messages}
    />
  );
  return onSurface ? <div className="bg-surface">{section}</div> : section;
}

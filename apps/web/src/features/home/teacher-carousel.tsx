import type { TeacherProfile } from '@ustaz/contract';
import { useEffect } from 'react';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import type { TeacherSearchParams } from '../../shared/teachers/api.ts';
import { useTeacherSearch } from '../../shared/teachers/api.ts';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import { CarouselSection, type CarouselSectionProps } from './carousel-section.tsx';

type TeacherCarouselProps = Pick<
  CarouselSectionProps<TeacherProfile>,
  'title' | 'subtitle' | 'viewAll' | 'autoplayMs' | 'testId'
> & {
  params: TeacherSearchParams;
  messages: { loading: string; empty: string };
};

/**
 * A carousel of teachers from the teacher search. A failed search is only logged and shows the
 * empty placeholder (spec 8 "Teacher fetch errors only logged").
 */
export function TeacherCarousel({ params, messages, ...section }: TeacherCarouselProps) {
  const language = useCurrentLanguage();
  const search = useTeacherSearch(params, language);
  const { error } = search;
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);

  return (
    <CarouselSection
      {...section}
      items={search.data?.data ?? []}
      getKey={(teacher) => teacher.id}
      renderItem={(teacher) => <TeacherCard teacher={teacher} />}
      status={search.status === 'pending' ? 'loading' : 'success'}
      messages={{ ...messages, error: messages.empty }}
    />
  );
}

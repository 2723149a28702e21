import type { TeacherDetail } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { INTL_LOCALES } from '../../shared/lib/format.ts';
import { parseVideoId, type VideoPlayerData } from '../../shared/lib/video-link.ts';
import { useOwnPageTitle } from '../../shared/settings/page-title.ts';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { useLoadedTeacher } from './api/get-teacher-profile.ts';
import { TeacherProfileActions } from './teacher-profile-card.tsx';
import { TeacherReliability } from './teacher-reliability.tsx';

/**
 * The teacher page's small islands (ADR 038): the card itself is the server's HTML, and only its
 * buttons and the reliability figures' explanations hydrate. Each reads the profile from the query
 * cache the page was drawn with.
 */
export type TeacherIslandProps = { teacherId: number; timeZone?: string };

/** The profile card's video, message and favourite buttons, and the page's title. */
export function TeacherActionsIsland({ teacherId }: TeacherIslandProps) {
  const teacher = useLoadedTeacher(teacherId);
  const { openModal } = useModal();
  if (!teacher) return null;

  function playVideo(shown: TeacherDetail) {
    const data: VideoPlayerData = {
      url: shown.videoUrl,
      description: [`${shown.user.firstName} ${shown.user.lastName}`.trim(), shown.major].filter(Boolean).join(' · '),
    };
    // A link that cannot play opens the small error dialog rather than an empty player frame.
    openModal(MODAL_KINDS.VIDEO_PLAYER, data, { size: parseVideoId(shown.videoUrl) ? '3xl' : 'sm' });
  }

  return (
    <>
      <TeacherTitle teacher={teacher} />
      <TeacherProfileActions teacher={teacher} onPlayVideo={() => playVideo(teacher)} />
    </>
  );
}

/** The reliability figures, whose info buttons open their explanations. */
export function TeacherReliabilityIsland({ teacherId }: TeacherIslandProps) {
  const reliability = useLoadedTeacher(teacherId)?.reliability;
  return reliability ? <TeacherReliability reliability={reliability} /> : null;
}

function TeacherTitle({ teacher }: { teacher: TeacherDetail }) {
  useTeacherTitle(teacher);
  return null;
}

/**
 * The page's title, the one the server writes into its head (page-head.ts): "{name}, {subjects}
 * teacher", or the name alone for a teacher without subjects.
 */
function useTeacherTitle(teacher: TeacherDetail) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const name = `${teacher.user.firstName} ${teacher.user.lastName}`.trim();
  const subjects = new Intl.ListFormat(INTL_LOCALES[language], { type: 'conjunction' }).format(
    teacher.subjects.map((subject) => subject.name),
  );
  useOwnPageTitle(subjects ? t('page.documentTitle', { name, subjects }) : name);
}

import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localePath } from '../i18n/language.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { cx } from '../ui/class-names.ts';
import { Heart } from '../ui/icons.tsx';
import { notify } from '../ui/toast.tsx';
import { useFavouriteIds, useFavouriteViewer, useToggleFavourite } from './favourites-api.ts';

type Props = {
  teacherId: number;
  /** The teacher's name, for the button's label ("Save … to favourites"). */
  name: string;
  className?: string;
};

/**
 * The heart on a teacher card and the teacher page (issue 32): a toggle button (aria-pressed) that
 * saves the teacher to the signed-in student's favourites or takes it back, at once (optimistic, put
 * back with an error toast when the server refuses). A guest, and everyone in the server's HTML and
 * the hydrating render, sees it not pressed; a guest's press goes to sign in, and back here after.
 * A teacher or an admin does not see it.
 */
export function FavouriteButton(props: Props) {
  const viewer = useFavouriteViewer();
  if (viewer === 'other') return null;
  return viewer === 'student' ? <StudentHeart {...props} /> : <GuestHeart {...props} />;
}

function GuestHeart(props: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const language = useCurrentLanguage();
  return (
    <HeartButton
      {...props}
      pressed={false}
      onPress={() => navigate(localePath(language, '/login'), { state: { from: location.pathname } })}
    />
  );
}

function StudentHeart(props: Props) {
  const { t } = useTranslation();
  const ids = useFavouriteIds(true);
  const toggle = useToggleFavourite(() => notify.error(t('favourites.failed')));
  const pressed = ids.data?.teacherProfileIds.includes(props.teacherId) ?? false;
  return (
    <HeartButton
      {...props}
      pressed={pressed}
      onPress={() => toggle.mutate({ teacherId: props.teacherId, saved: !pressed })}
    />
  );
}

function HeartButton({ name, pressed, onPress, className }: Props & { pressed: boolean; onPress: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('favourites.toggle', { name })}
      onClick={onPress}
      data-testid="favourite-button"
      className={cx(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full border bg-white/95 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        pressed
          ? 'border-rose-200 text-rose-600 hover:bg-rose-50'
          : 'border-slate-200 text-slate-500 hover:border-rose-200 hover:text-rose-600',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cx('size-5', pressed && 'fill-current')} />
    </button>
  );
}

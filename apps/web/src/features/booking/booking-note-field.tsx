import { BOOKING } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../shared/ui/counted-textarea.tsx';

/** The student's note to the teacher, cut at its maximum length, with the count of characters. */
export function BookingNoteField({ note, onChange }: { note: string; onChange: (note: string) => void }) {
  const { t } = useTranslation('booking');
  return (
    <CountedTextarea
      label={t('review.noteLabel')}
      name="note"
      value={note}
      onChange={onChange}
      maxLength={BOOKING.noteMaxLength}
      placeholder={t('review.notePlaceholder')}
    />
  );
}

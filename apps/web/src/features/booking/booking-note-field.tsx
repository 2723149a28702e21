import { BOOKING } from '@ustaz/contract/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { LabelledField } from '../../shared/ui/labelled-field.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';

/** The student's note to the teacher, cut at its maximum length, with the count of characters. */
export function BookingNoteField({ note, onChange }: { note: string; onChange: (note: string) => void }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const noteId = useId();
  return (
    <LabelledField htmlFor={noteId} label={t('review.noteLabel')}>
      <Textarea
        id={noteId}
        name="note"
        rows={3}
        value={note}
        maxLength={BOOKING.noteMaxLength}
        onChange={(event) => onChange(event.target.value.slice(0, BOOKING.noteMaxLength))}
        placeholder={t('review.notePlaceholder')}
      />
      <p className="text-end text-xs text-slate-500 tabular-nums">
        {/* count is the formatted number here, which typed options do not take */}
        {translate(t, 'ui.characterCount', {
          ns: 'common',
          count: formatNumber(note.length, language),
          max: formatNumber(BOOKING.noteMaxLength, language),
        })}
      </p>
    </LabelledField>
  );
}

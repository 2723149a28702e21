import { useQueryClient } from '@tanstack/react-query';
import { PROPOSAL_NOTE_MAX_LENGTH, RESCHEDULE_MIN_HOURS } from '@ustaz/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { type ErrorTexts, errorText, translatedCode } from '../../shared/lib/error-text.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { RESERVATIONS_QUERY_KEY } from './api/reservations.ts';
import { ERROR_TEXTS } from './reschedule-error-texts.ts';

/** What the reschedule dialogs share around a call: its failure in words and the refresh after it (issue 32). */

/**
 * A failed call in words, with the reschedule rule's hours and the note's limit, and its code (for
 * the top-up link); `texts` is the student's moves and answers, or the teacher's proposal.
 */
export function useRescheduleFailure(texts: ErrorTexts = ERROR_TEXTS.reschedule) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  return (error: unknown) => ({
    text: errorText(
      error,
      (key: string, options?: Record<string, unknown>) =>
        translate(t, key, {
          ...options,
          hours: formatNumber(RESCHEDULE_MIN_HOURS, language),
          max: formatNumber(PROPOSAL_NOTE_MAX_LENGTH, language),
        }),
      texts,
      'errors.generic',
    ),
    code: translatedCode(error, texts),
  });
}

/** The refresh after a move, a proposal or an answer: every reservation list (and the schedule, below the same key), the balance and the open times. */
export function useRescheduleRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['teacher', 'slots'] });
    // The teacher's own slots (the availability editor and the proposal's open times).
    void queryClient.invalidateQueries({ queryKey: ['availability', 'slots'] });
  };
}

/** The failure line of a reschedule dialog; a short balance offers the wallet top-up (and what `children` adds). */
export function RescheduleFailure({
  failure,
  children,
}: {
  failure: { text: string; code: string | null };
  children?: ReactNode;
}) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  return (
    <Alert title={failure.text}>
      {failure.code === 'insufficientBalance' ? (
        <div className="flex flex-col items-start gap-2">
          {children}
          <Link to={localePath(language, '/profile#wallet-title')} className="font-semibold text-primary underline">
            {t('errors.topUp')}
          </Link>
        </div>
      ) : (
        children
      )}
    </Alert>
  );
}

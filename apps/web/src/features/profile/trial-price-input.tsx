import { TRIAL_MINUTES } from '@ustaz/contract/constants';
import { filsToNumber, minSlotPriceFils } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import type { FieldBinding } from '../../shared/teachers/teacher-form.ts';
import { TextInput } from '../../shared/ui/text-input.tsx';

/** The 30-minute trial lesson's price in KWD (issue 32): empty offers none; Arabic-Indic digits are read by the check. */
export function TrialPriceInput({ field }: { field: FieldBinding }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <TextInput
      {...field}
      label={t('trial.priceLabel', { minutes: TRIAL_MINUTES })}
      helperText={t('trial.priceHint', { min: formatKwd(filsToNumber(minSlotPriceFils(TRIAL_MINUTES)), language) })}
      inputMode="decimal"
      dir="ltr"
      className="sm:max-w-60"
      maxLength={11}
    />
  );
}

import type { Language } from '@ustaz/contract/constants';
import type { useTranslation } from 'react-i18next';
import { formatKwd } from '../../shared/lib/format.ts';
import type { GatewayBlock } from '../../shared/money/use-payment-methods.ts';

/** Why a gateway cannot take this amount, in words: below its minimum, or not available now. */
export function blockText(
  t: ReturnType<typeof useTranslation<'payment'>>['t'],
  language: Language,
  block: GatewayBlock | null,
): string | null {
  if (!block) return null;
  if (block.reason === 'belowMinimum') {
    return t('method.belowMinimum', { amount: formatKwd(block.minAmount, language) ?? block.minAmount });
  }
  return t('method.unavailable');
}

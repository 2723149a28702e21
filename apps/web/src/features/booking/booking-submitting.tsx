import { useTranslation } from 'react-i18next';
import { Spinner } from '../../shared/ui/spinner.tsx';

/** The booking is on its way (or the payment is being started). */
export function SubmittingView({ titleId }: { titleId: string }) {
  const { t } = useTranslation(['booking', 'payment']);
  return (
    <div
      className="flex flex-col items-center gap-4 py-10 text-center"
      aria-busy="true"
      data-testid="booking-submitting"
    >
      <Spinner size="lg" className="text-primary" label={t('submitting.body')} />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('submitting.title')}
      </h2>
      <p className="max-w-sm text-sm text-slate-600">{t('submitting.body')}</p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { BadgeCheck, type LucideIcon, MessagesSquare, ReceiptText, Wallet } from '../../shared/ui/icons.tsx';
import { HomeSection } from './home-section.tsx';
import { translatedList } from './translated-list.ts';

const REASON_ICONS: LucideIcon[] = [BadgeCheck, ReceiptText, Wallet, MessagesSquare];

/** Spec 2 "Why choose": 4 numbered reasons. */
export function WhyChooseSection() {
  const { t } = useTranslation('home');
  const language = useCurrentLanguage();
  const reasons = translatedList(t('whyChoose.reasons', { returnObjects: true }), ['title', 'description']);

  return (
    <HomeSection className="bg-surface py-16 sm:py-20" title={t('whyChoose.title')} subtitle={t('whyChoose.subtitle')}>
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map((reason, index) => {
          const Icon = REASON_ICONS[index % REASON_ICONS.length] ?? BadgeCheck;
          return (
            <li
              key={reason.title}
              data-testid="why-choose-reason"
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-secondary text-base font-black text-white">
                  {formatNumber(index + 1, language)}
                </span>
                <Icon aria-hidden="true" className="size-6 text-primary" />
              </div>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{reason.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{reason.description}</p>
            </li>
          );
        })}
      </ol>
    </HomeSection>
  );
}

import { useTranslation } from 'react-i18next';
import {
  Bell,
  CalendarX,
  CreditCard,
  Languages,
  ListChecks,
  Lock,
  MessagesSquare,
  Package,
  SquareSplitHorizontal,
  Star,
  Wallet,
} from '../../shared/ui/icons.tsx';
import { CallToAction, CardGrid, PageHeader, PageSection, StepList } from './page-blocks.tsx';
import { readCards } from './page-content.ts';

/** The how-it-works bands, one per side of a lesson (aboutPlatform.students / .teachers). */
const AUDIENCES = [
  { id: 'students', className: undefined },
  { id: 'teachers', className: 'bg-surface' },
] as const;

/** In the order of aboutPlatform.payments.methods: wallet, subscription hours, Payzah, Deema. */
const PAYMENT_ICONS = [Wallet, Package, CreditCard, SquareSplitHorizontal];
/** In the order of aboutPlatform.features.items. */
const FEATURE_ICONS = [MessagesSquare, Bell, Star, Languages, CalendarX, ListChecks];

/** /{lang}/about-platform: how the platform works for students and teachers, payments, features. */
export function AboutPlatformPage() {
  const { t } = useTranslation('pages');
  const methods = readCards(t('aboutPlatform.payments.methods', { returnObjects: true }));
  const features = readCards(t('aboutPlatform.features.items', { returnObjects: true }));

  return (
    <div>
      <PageHeader title={t('aboutPlatform.title')} lead={t('aboutPlatform.lead')} />
      {AUDIENCES.map(({ id, className }) => (
        <PageSection
          key={id}
          id={id}
          heading={t(`aboutPlatform.${id}.heading`)}
          intro={t(`aboutPlatform.${id}.intro`)}
          className={className}
        >
          <StepList steps={readCards(t(`aboutPlatform.${id}.steps`, { returnObjects: true }))} />
        </PageSection>
      ))}
      <PageSection
        id="payments"
        heading={t('aboutPlatform.payments.heading')}
        intro={t('aboutPlatform.payments.intro')}
      >
        <CardGrid cards={methods} icons={PAYMENT_ICONS} columns="sm:grid-cols-2 lg:grid-cols-4" />
        <p className="mt-6 flex items-start gap-2 text-sm leading-6 text-slate-600">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{t('aboutPlatform.payments.note')}</span>
        </p>
      </PageSection>
      <PageSection id="features" heading={t('aboutPlatform.features.heading')} className="bg-surface">
        <CardGrid cards={features} icons={FEATURE_ICONS} />
      </PageSection>
      <CallToAction page="aboutPlatform" primary="/register" secondary="/contact" />
    </div>
  );
}

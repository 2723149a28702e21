import { contactAddressIn, type Language, type WebsiteSettings } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import {
  Briefcase,
  CalendarCheck,
  Clock,
  GraduationCap,
  type LucideIcon,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  UserCog,
} from '../../shared/ui/icons.tsx';
import { ContactMailForm } from './contact-mail-form.tsx';
import { buildMailtoHref, buildTelHref } from './mailto.ts';
import { CardGrid, PageHeader, type PageLink, Panel, RelatedLinks } from './page-blocks.tsx';
import { readCards } from './page-content.ts';
import { usePageLanguage } from './use-page-language.ts';

/** In the order of contact.topics.items: bookings, teachers, account, partnerships. */
const TOPIC_ICONS = [CalendarCheck, GraduationCap, UserCog, Briefcase];

type ContactInfo = Pick<
  WebsiteSettings,
  'contactPhone' | 'contactEmail' | 'contactAddress' | 'contactAddressEn' | 'appName' | 'appNameEn'
>;

/** A value from the settings, or null when it is missing or blank. */
function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function DetailRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="shrink-0">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0">
        <span aria-hidden="true" className="block text-sm text-slate-500">
          {label}
        </span>
        <div className="mt-0.5 font-medium wrap-anywhere text-slate-900">{children}</div>
      </dd>
    </div>
  );
}

/**
 * Phone, e-mail and address from the website settings; a row is hidden when its value is empty. The
 * address is the page language's (issue 30: the English one on English pages, else the Arabic).
 */
function ContactRows({ info, language }: { info: ContactInfo; language: Language }) {
  const { t } = useTranslation('pages');
  const phone = present(info.contactPhone);
  const email = present(info.contactEmail);
  const address = contactAddressIn(info, language);
  if (!phone && !email && !address)
    return <p className="text-sm leading-6 text-slate-600">{t('contact.details.empty')}</p>;
  const links = [
    { value: phone, icon: Phone, label: t('contact.details.phone'), href: buildTelHref },
    { value: email, icon: Mail, label: t('contact.details.email'), href: buildMailtoHref },
  ];
  return (
    <>
      {links.map((link) =>
        link.value ? (
          <DetailRow key={link.label} icon={link.icon} label={link.label}>
            <a href={link.href(link.value)} dir="ltr" className="text-primary underline-offset-4 hover:underline">
              {link.value}
            </a>
          </DetailRow>
        ) : null,
      )}
      {address ? (
        <DetailRow icon={MapPin} label={t('contact.details.address')}>
          <span className="whitespace-pre-line" dir="auto">
            {address}
          </span>
        </DetailRow>
      ) : null}
    </>
  );
}

/** /{lang}/contact: contact details from the website settings, working hours, WhatsApp, e-mail. */
export function ContactPage() {
  const { t } = useTranslation('pages');
  const { lang, to } = usePageLanguage();
  const settings = useWebsiteSettings();
  const topics = readCards(t('contact.topics.items', { returnObjects: true }));
  const loaded = settings.data?.settings;
  const email = present(loaded?.contactEmail);
  const related: PageLink[] = [
    { to: to('/about-platform'), label: t('shared.links.aboutPlatform') },
    { to: to('/privacy'), label: t('shared.links.privacy') },
    { to: to('/terms'), label: t('shared.links.terms') },
  ];

  // The spec's fallback settings (nothing could be loaded) carry no contact data: say so instead.
  const unavailable = settings.isError || settings.data?.source === 'fallback';
  let rows: ReactNode;
  if (loaded && !unavailable) rows = <ContactRows info={loaded} language={lang} />;
  else if (unavailable) rows = <p className="text-sm leading-6 text-slate-600">{t('contact.details.error')}</p>;
  else
    rows = (
      <p role="status" className="text-sm text-slate-500">
        {t('loading', { ns: 'common' })}
      </p>
    );

  return (
    <div>
      <PageHeader title={t('contact.title')} lead={t('contact.lead')} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
        <div className="flex flex-col gap-6">
          <Panel headingId="contact-details-heading" heading={t('contact.details.heading')}>
            <dl className="mt-5 flex flex-col gap-5">
              {rows}
              <DetailRow icon={Clock} label={t('contact.details.hours')}>
                <p>{t('contact.details.hoursValue')}</p>
                <p className="mt-1 text-sm font-normal text-slate-500">{t('contact.details.hoursNote')}</p>
              </DetailRow>
            </dl>
          </Panel>
          <section aria-labelledby="contact-whatsapp-heading" className="rounded-2xl bg-whatsapp/10 p-5 sm:p-6">
            <h2 id="contact-whatsapp-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <MessageCircle aria-hidden="true" className="size-5 text-whatsapp" />
              {t('contact.whatsapp.heading')}
            </h2>
            <p className="mt-2 text-sm leading-6 text-slate-700">{t('contact.whatsapp.body')}</p>
          </section>
        </div>
        <div className="flex flex-col gap-6">
          <section aria-labelledby="contact-topics-heading">
            <h2 id="contact-topics-heading" className="mb-4 text-xl font-bold text-slate-900">
              {t('contact.topics.heading')}
            </h2>
            <CardGrid cards={topics} icons={TOPIC_ICONS} columns="sm:grid-cols-2" />
          </section>
          {email ? <ContactMailForm email={email} /> : null}
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6 lg:px-8">
        <RelatedLinks heading={t('shared.related')} links={related} />
      </div>
    </div>
  );
}

import { appNameIn, contactAddressIn } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { safeImageUrl } from '../../../shared/settings/brand.ts';
import { type SocialLink, SocialLinks } from '../../../shared/settings/social-links.tsx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from '../../../shared/ui/brand-icons.tsx';
import { GraduationCap, Mail, MapPin, Phone } from '../../../shared/ui/icons.tsx';
import { isHexColor, readableTextColor, type SettingsForm } from './settings-form.ts';

type SocialField = 'facebookUrl' | 'twitterUrl' | 'instagramUrl' | 'linkedinUrl' | 'youtubeUrl';
const SOCIALS: (Omit<SocialLink, 'url'> & { field: SocialField })[] = [
  { field: 'facebookUrl', key: 'facebook', Icon: FacebookIcon },
  { field: 'twitterUrl', key: 'twitter', Icon: XIcon },
  { field: 'instagramUrl', key: 'instagram', Icon: InstagramIcon },
  { field: 'linkedinUrl', key: 'linkedin', Icon: LinkedInIcon },
  { field: 'youtubeUrl', key: 'youtube', Icon: YouTubeIcon },
];

/** Text on a background of `color`, in black or white, whichever reads better on it. */
function OnColor({
  color,
  className,
  testId,
  children,
}: {
  color: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <span
      className={className}
      style={{ backgroundColor: color, color: readableTextColor(color) }}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/**
 * A small sample of the site (navbar, a call to action, footer) drawn with the typed settings as
 * they are typed: colours (the saved ones while a typed colour is incomplete), logo, name, contact
 * and the social links that are set.
 */
export function SettingsPreview({
  values,
  saved,
}: {
  values: SettingsForm;
  saved: { primary: string; secondary: string };
}) {
  const { t } = useTranslation('admin');
  const colors = {
    primary: isHexColor(values.primaryColor) ? values.primaryColor.trim() : saved.primary,
    secondary: isHexColor(values.secondaryColor) ? values.secondaryColor.trim() : saved.secondary,
  };
  const appName = values.appName.trim() || t('settings.preview.noName');

  return (
    <section
      aria-labelledby="settings-preview-title"
      className="flex flex-col gap-2 lg:sticky lg:top-20"
      data-testid="settings-preview"
    >
      <div>
        <h2 id="settings-preview-title" className="text-base font-bold text-slate-900">
          {t('settings.preview.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('settings.preview.body')}</p>
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <PreviewNavbar values={values} colors={colors} appName={appName} />
        <PreviewBody values={values} colors={colors} appName={appName} />
        <PreviewFooter values={values} colors={colors} appName={appName} />
      </div>
    </section>
  );
}

type PartProps = { values: SettingsForm; colors: { primary: string; secondary: string }; appName: string };

/** The sample's navbar: logo (or the default mark) and name in the primary colour, the register button. */
function PreviewNavbar({ values, colors: { primary }, appName }: PartProps) {
  const { t } = useTranslation('admin');
  const logo = safeImageUrl(values.logoUrl);
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
      {logo ? (
        <img src={logo} alt="" className="size-7 shrink-0 rounded object-contain" data-testid="preview-logo" />
      ) : (
        <GraduationCap aria-hidden="true" className="size-6 shrink-0" style={{ color: primary }} />
      )}
      <span
        className="min-w-0 truncate font-extrabold"
        style={{ color: primary }}
        dir="auto"
        data-testid="preview-app-name"
      >
        {appName}
      </span>
      <span className="ms-auto hidden gap-3 text-xs text-slate-600 sm:flex">
        <span>{t('settings.preview.home')}</span>
        <span>{t('settings.preview.teachers')}</span>
      </span>
      {values.enableRegistration ? (
        <OnColor
          color={primary}
          className="ms-auto shrink-0 rounded-md px-2.5 py-1 text-xs font-semibold sm:ms-0"
          testId="preview-register"
        >
          {t('settings.preview.register')}
        </OnColor>
      ) : null}
    </div>
  );
}

/** The sample's call to action: the default title and description, both colours' buttons. */
function PreviewBody({ values, colors: { primary, secondary }, appName }: PartProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-3 px-4 py-5">
      <p className="text-base font-bold text-slate-900" dir="auto">
        {values.defaultTitle.trim() || appName}
      </p>
      {values.defaultDescription.trim() ? (
        <p className="line-clamp-3 text-sm text-slate-600" dir="auto">
          {values.defaultDescription}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <OnColor color={primary} className="rounded-lg px-3 py-2 text-sm font-semibold" testId="preview-primary-button">
          {t('settings.preview.primaryButton')}
        </OnColor>
        <OnColor
          color={secondary}
          className="rounded-lg px-3 py-2 text-sm font-semibold"
          testId="preview-secondary-button"
        >
          {t('settings.preview.secondaryButton')}
        </OnColor>
      </div>
      {!values.enableRegistration ? (
        <p className="text-xs text-amber-800">{t('settings.preview.registrationClosed')}</p>
      ) : null}
    </div>
  );
}

/** The sample's footer: the contact, the English name and address, the social links that are set. */
function PreviewFooter({ values, colors: { secondary }, appName }: PartProps) {
  const { t } = useTranslation('admin');
  const socials = SOCIALS.map((social) => ({ ...social, url: safeImageUrl(values[social.field]) })).filter(
    (social) => social.url !== null,
  );
  const email = values.contactEmail.trim();
  const phone = values.contactPhone.trim();
  const address = values.contactAddress.trim();
  const brand = {
    appName: values.appName,
    appNameEn: values.appNameEn,
    contactAddress: values.contactAddress,
    contactAddressEn: values.contactAddressEn,
  };
  return (
    <div className="flex flex-col gap-2 bg-slate-900 px-4 py-4 text-slate-300">
      <div className="h-1 w-10 rounded-full" style={{ backgroundColor: secondary }} aria-hidden="true" />
      <span className="font-bold text-white" dir="auto">
        {appName}
      </span>
      {email ? (
        <span className="flex items-center gap-2 text-xs">
          <Mail aria-hidden="true" className="size-3.5 shrink-0" />
          <span dir="ltr" className="break-all">
            {email}
          </span>
        </span>
      ) : null}
      {phone ? (
        <span className="flex items-center gap-2 text-xs">
          <Phone aria-hidden="true" className="size-3.5 shrink-0" />
          <span dir="ltr">{phone}</span>
        </span>
      ) : null}
      {address ? (
        <span className="flex items-center gap-2 text-xs" dir="auto" data-testid="preview-address">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          {address}
        </span>
      ) : null}
      {/* English pages (issue 30): the English name and address, else the Arabic ones. */}
      <div className="flex flex-col gap-1 rounded-md bg-white/5 p-2 text-xs" data-testid="preview-english">
        <span className="text-slate-400">{t('settings.preview.englishPages')}</span>
        <span lang="en" dir="auto" className="font-bold text-white" data-testid="preview-app-name-en">
          {appNameIn(brand, 'en') || appName}
        </span>
        {contactAddressIn(brand, 'en') ? (
          <span lang="en" dir="auto" data-testid="preview-address-en">
            {contactAddressIn(brand, 'en')}
          </span>
        ) : null}
      </div>
      {socials.length ? (
        <SocialLinks links={socials} label={(key) => t(`settings.social.${key}`)} size="sm" testId="preview-socials" />
      ) : (
        <p className="text-xs text-slate-400">{t('settings.preview.noSocials')}</p>
      )}
    </div>
  );
}

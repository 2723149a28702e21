import { contactAddressIn, type WebsiteSettings } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { brandOf } from '../../shared/settings/brand.ts';
import { type SocialLink, SocialLinks } from '../../shared/settings/social-links.tsx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from '../../shared/ui/brand-icons.tsx';
import { Mail, MapPin, Phone } from '../../shared/ui/icons.tsx';
import { BrandMark } from './brand-mark.tsx';

const SOCIALS: (Omit<SocialLink, 'url'> & { field: keyof WebsiteSettings })[] = [
  { key: 'linkedin', field: 'linkedinUrl', Icon: LinkedInIcon },
  { key: 'twitter', field: 'twitterUrl', Icon: XIcon },
  { key: 'youtube', field: 'youtubeUrl', Icon: YouTubeIcon },
  { key: 'instagram', field: 'instagramUrl', Icon: InstagramIcon },
  { key: 'facebook', field: 'facebookUrl', Icon: FacebookIcon },
];

/** The quick links in their order; the FAQ (no path) scrolls to the home page's FAQ section. */
const QUICK_LINKS = [
  { key: 'aboutPlatform', to: '/about-platform' },
  { key: 'teach', to: '/teach' },
  { key: 'contact', to: '/contact' },
  { key: 'faq', to: null },
  { key: 'privacy', to: '/privacy' },
  { key: 'terms', to: '/terms' },
] as const;

function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Spec 2 "Footer": page links, the operator's logo and name, settings-driven social and contact
 * data, a loading line. Settings that cannot be loaded come as the spec's fallback object
 * (`loadWebsiteSettings`), so there is no error state. It subscribes to the settings itself.
 */
export function Footer() {
  const settingsQuery = useWebsiteSettings();
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const settings = settingsQuery.data?.settings;
  const home = localePath(lang);
  const brand = brandOf(settings, t('appName'), lang);

  function goToFaq(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const target = document.getElementById('faq');
    if (location.pathname === home && target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else navigate(`${home}#faq`);
  }

  const linkClass = 'text-slate-300 transition-colors hover:text-white';

  return (
    <footer data-testid="footer" className="mt-16 bg-slate-900 text-slate-300">
      {/* On a phone the end padding keeps the footer text clear of the WhatsApp tab (whatsapp-layout.spec.ts). */}
      <div className="mx-auto grid max-w-7xl gap-10 ps-4 pe-12 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <section className="lg:col-span-2">
          <Link
            to={home}
            data-testid="footer-brand"
            className="inline-flex items-center gap-3 text-2xl font-extrabold text-white"
          >
            <BrandMark brand={brand} imageClassName="h-10 rounded bg-white p-1" />
          </Link>
          <p className="mt-4 max-w-md leading-7">{t('footer.about')}</p>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-base font-bold text-white">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-4 space-y-3">
            {QUICK_LINKS.map(({ key, to }) => (
              <li key={key}>
                {to ? (
                  <Link className={linkClass} to={localePath(lang, to)}>
                    {t(`footer.${key}`)}
                  </Link>
                ) : (
                  <a className={linkClass} href={`${home}#faq`} onClick={goToFaq} data-testid="footer-faq">
                    {t('footer.faq')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact" data-testid="footer-contact">
          <h2 id="footer-contact" className="text-base font-bold text-white">
            {t('footer.contactUs')}
          </h2>
          {settings ? (
            <FooterContact settings={settings} />
          ) : (
            <p className="mt-4" role="status">
              {t('loading')}
            </p>
          )}
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-slate-400 sm:px-6">
          {t('footer.rights', { year: new Date().getFullYear(), appName: brand.appName })}
        </p>
      </div>
    </footer>
  );
}

function FooterContact({ settings }: { settings: WebsiteSettings }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const socials = SOCIALS.map((s) => ({ ...s, url: safeUrl(settings[s.field]) })).filter((s) => s.url);
  // Settings without any contact data (the spec's fallback object): the contact page instead.
  const address = contactAddressIn(settings, lang);
  if (!settings.contactPhone && !settings.contactEmail && !address && socials.length === 0)
    return (
      <p className="mt-4">
        <Link className="text-slate-300 transition-colors hover:text-white" to={localePath(lang, '/contact')}>
          {t('footer.contact')}
        </Link>
      </p>
    );
  const contactLinks = [
    {
      key: 'phone',
      value: settings.contactPhone,
      Icon: Phone,
      href: (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`,
      dir: 'ltr',
      className: 'hover:text-white',
    },
    {
      key: 'email',
      value: settings.contactEmail,
      Icon: Mail,
      href: (email: string) => `mailto:${email}`,
      dir: undefined,
      className: 'break-all hover:text-white',
    },
  ] as const;
  return (
    <>
      <ul className="mt-4 space-y-3">
        {contactLinks.map(({ key, value, Icon, href, dir, className }) =>
          value ? (
            <li key={key} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t(`footer.${key}`)}</span>
              <a href={href(value)} dir={dir} className={className}>
                {value}
              </a>
            </li>
          ) : null,
        )}
        {address && (
          <li className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
            <span className="sr-only">{t('footer.address')}</span>
            <span dir="auto">{address}</span>
          </li>
        )}
      </ul>
      {socials.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-bold text-white">{t('footer.followUs')}</h3>
          <SocialLinks
            links={socials}
            label={(key) => t(`footer.social.${key}`)}
            className="mt-3"
            testId="footer-social"
          />
        </>
      )}
    </>
  );
}

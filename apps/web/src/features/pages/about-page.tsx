import { useTranslation } from 'react-i18next';
import {
  BadgeCheck,
  CalendarClock,
  Eye,
  Handshake,
  HeartHandshake,
  Languages,
  MapPin,
  ShieldCheck,
  Sparkles,
  Star,
} from '../../shared/ui/icons.tsx';
import { CallToAction, CardGrid, PageHeader, PageSection, Prose } from './page-blocks.tsx';
import { readCards, readStrings } from './page-content.ts';

const VALUE_ICONS = [BadgeCheck, Eye, ShieldCheck, CalendarClock, HeartHandshake];
const HIGHLIGHT_ICONS = [MapPin, Languages, Handshake, Star];

/** /{lang}/about: mission, story, values and what sets the platform apart. */
export function AboutPage() {
  const { t } = useTranslation('pages');
  const mission = readStrings(t('about.mission.paragraphs', { returnObjects: true }));
  const story = readStrings(t('about.story.paragraphs', { returnObjects: true }));
  const values = readCards(t('about.values.items', { returnObjects: true }));
  const highlights = readCards(t('about.highlights.items', { returnObjects: true }));

  return (
    <div>
      <PageHeader title={t('about.title')} lead={t('about.lead')} />
      <PageSection id="mission" heading={t('about.mission.heading')}>
        <div className="flex flex-col gap-6 md:flex-row md:items-start">
          <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-secondary/10 text-secondary">
            <Sparkles aria-hidden="true" className="size-7" />
          </span>
          <Prose paragraphs={mission} />
        </div>
      </PageSection>
      <PageSection id="story" heading={t('about.story.heading')} className="bg-surface">
        <Prose paragraphs={story} />
      </PageSection>
      <PageSection id="values" heading={t('about.values.heading')}>
        <CardGrid cards={values} icons={VALUE_ICONS} />
      </PageSection>
      <PageSection id="highlights" heading={t('about.highlights.heading')} className="bg-surface">
        <CardGrid cards={highlights} icons={HIGHLIGHT_ICONS} columns="sm:grid-cols-2" />
      </PageSection>
      <CallToAction page="about" primary="/teachers" secondary="/about-platform" />
    </div>
  );
}

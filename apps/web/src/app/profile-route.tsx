import type { ComponentProps } from 'react';
import { AvailabilityEditor } from '../features/availability/availability-editor.tsx';
import { EarningsOverview } from '../features/earnings/earnings-overview.tsx';
import { FavouriteTeachers } from '../features/profile/favourite-teachers.tsx';
import { OwnReviews } from '../features/profile/own-reviews.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { TeacherPresence } from '../features/profile/teacher-presence.tsx';
import { StandingSection } from '../features/standing/standing-section.tsx';
import { WalletSection } from '../features/wallet/wallet-section.tsx';

/**
 * The profile page with other features' sections: a student's wallet (top-up, subscription hours);
 * a teacher's public card and completeness meter, earnings (pending explained, links to the
 * earnings page and the schedule) instead of the wallet, availability editor and reviews from
 * students. Features never import each other, so app/ composes them.
 */
export function ProfileRoute(props: Pick<ComponentProps<typeof ProfilePage>, 'goToDashboard'>) {
  return (
    <ProfilePage
      {...props}
      studentSections={
        <>
          <WalletSection />
          <StandingSection />
          <FavouriteTeachers />
        </>
      }
      teacherSections={
        <>
          <TeacherPresence />
          <EarningsOverview />
          <AvailabilityEditor />
          <OwnReviews />
        </>
      }
    />
  );
}

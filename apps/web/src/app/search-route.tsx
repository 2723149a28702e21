import { lazy, Suspense } from 'react';
import { SearchPage, type SubjectPickerProps } from '../features/search/search-page.tsx';
import { Island } from '../shared/ssr/island.tsx';

// The subject picker loads when it is opened (features do not import each other: the app composes them).
const SubjectSelectionModal = lazy(() =>
  import('../features/subjects/subject-selection-modal.tsx').then((m) => ({ default: m.SubjectSelectionModal })),
);

function SubjectPicker(props: SubjectPickerProps) {
  return (
    <Suspense fallback={null}>
      <SubjectSelectionModal {...props} />
    </Suspense>
  );
}

/** The search page with its subject picker. */
export function ComposedSearchPage() {
  return <SearchPage subjectPicker={SubjectPicker} />;
}

/** /{lang}/search: all of it one island (ADR 038): its box, filters, results and pages answer the visitor. */
export function SearchRoute() {
  return <Island name="search" of={ComposedSearchPage} />;
}

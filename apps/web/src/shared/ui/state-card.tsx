import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { TriangleAlert } from './icons.tsx';

const CARD =
  'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center';

/** The empty state of a list: an icon, a title and a line (announced politely). */
export function EmptyCard({
  icon,
  title,
  body,
  testId,
  headingLevel = 2,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  testId?: string;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div role="status" className={CARD} data-testid={testId}>
      {icon}
      <Heading className="text-lg font-bold text-slate-900">{title}</Heading>
      <p className="max-w-md text-slate-600">{body}</p>
      {children}
    </div>
  );
}

/** A list that failed to load: what happened and a retry button (announced as an alert). */
export function ErrorCard({
  title,
  body,
  onRetry,
  retrying,
  testId,
  headingLevel = 2,
}: {
  title: string;
  body: string;
  onRetry: () => void;
  retrying: boolean;
  testId?: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('common');
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div role="alert" className={CARD} data-testid={testId}>
      <TriangleAlert aria-hidden="true" className="size-8 text-red-700" />
      <Heading className="text-lg font-bold text-slate-900">{title}</Heading>
      <p className="text-slate-600">{body}</p>
      <Button onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </div>
  );
}

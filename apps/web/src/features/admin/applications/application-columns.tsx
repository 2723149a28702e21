import type { AdminTeacherApplication } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { getAccessToken } from '../../../shared/auth/token-storage.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { Check, CirclePlay, FileText, X } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { idDateColumn, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { RowAction } from '../ui/row-action.tsx';
import type { useDecideApplication } from './api/decide-application.ts';

const TONES: Record<AdminTeacherApplication['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** A user's words after a label ("Reason: …"), isolated in their own direction; nothing without them. */
function LabelledText({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <span className="text-xs text-slate-600">
      {label} <bdi dir="auto">{text}</bdi>
    </span>
  );
}

/** The applicant's video link and, when sent, their certificate (opened with the admin's token). */
function ApplicationLinks({ row }: { row: AdminTeacherApplication }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={row.videoUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-8 items-center gap-1 font-semibold text-primary underline"
      >
        <CirclePlay aria-hidden="true" className="size-4" />
        {t('applications.video')}
      </a>
      {row.certificate ? (
        <button
          type="button"
          className="inline-flex min-h-8 items-center gap-1 font-semibold text-primary underline"
          onClick={() =>
            void openCertificate(row.certificate?.path ?? '').catch(
              () => void notify.error(t('applications.certificateFailed')),
            )
          }
        >
          <FileText aria-hidden="true" className="size-4" />
          {t('applications.certificate')}
        </button>
      ) : (
        <span className="text-slate-500">{t('applications.noCertificate')}</span>
      )}
    </div>
  );
}

export const nameOf = (row: AdminTeacherApplication) => `${row.user.firstName} ${row.user.lastName}`.trim();

/** Opens an applicant's certificate (private: fetched with the admin's token, shown from a blob). */
async function openCertificate(path: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`certificate ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What the applicant wrote: major and years, subjects (and the one missing), both bios, the links. */
/** The two bios, each in its own language and direction. */
const BIOS = [
  { bio: 'bioAr', lang: 'ar', dir: 'rtl' },
  { bio: 'bioEn', lang: 'en', dir: 'ltr' },
] as const;

function ApplicationProfile({ row }: { row: AdminTeacherApplication }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-semibold text-slate-900">
        <bdi dir="auto">{row.major}</bdi>
        <span className="ms-2 font-normal text-slate-600">
          {t('applications.years', {
            count: row.experienceYears,
            number: formatNumber(row.experienceYears, language),
          })}
        </span>
      </p>
      <p>
        <span className="font-semibold text-slate-600">{t('applications.columns.subjects')}: </span>
        {row.subjects.map((s) => (language === 'ar' ? s.nameAr : s.nameEn)).join(language === 'ar' ? '، ' : ', ')}
      </p>
      <LabelledText label={t('applications.missingSubject')} text={row.missingSubject} />
      {BIOS.map(({ bio, lang, dir }) => (
        <details key={bio}>
          <summary className="cursor-pointer text-primary">{t(`applications.${bio}`)}</summary>
          <p dir={dir} lang={lang} className="wrap-anywhere whitespace-pre-line text-slate-800">
            {row[bio]}
          </p>
        </details>
      ))}
      <ApplicationLinks row={row} />
    </div>
  );
}

type ApplicationActions = {
  /** The decision mutation: the approve button of its row shows it running. */
  decide: ReturnType<typeof useDecideApplication>;
  approve: (row: AdminTeacherApplication) => void;
  setRejecting: (row: AdminTeacherApplication) => void;
};

/** The applications table's columns: date, applicant, profile, rate, status, and approve or reject. */
export function useApplicationColumns({
  decide,
  approve,
  setRejecting,
}: ApplicationActions): Column<AdminTeacherApplication>[] {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  return [
    idDateColumn('date', t('applications.columns.date'), (row) => row.createdAt),
    userColumn(
      'applicant',
      t('applications.columns.applicant'),
      (row) => ({ id: row.user.id, name: nameOf(row), detail: row.user.email }),
      'min-w-44',
    ),
    {
      key: 'profile',
      header: t('applications.columns.profile'),
      className: 'min-w-64 max-w-sm',
      cell: (row) => <ApplicationProfile row={row} />,
    },
    {
      key: 'rate',
      header: t('applications.columns.rate'),
      className: 'text-end whitespace-nowrap',
      cell: (row) => formatKwd(row.hourlyRate, language),
    },
    {
      key: 'status',
      header: t('applications.columns.status'),
      className: 'min-w-32',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={TONES[row.status]}>{t(`applications.statuses.${row.status}`)}</Badge>
          <LabelledText label={t('applications.reason')} text={row.rejectionReason} />
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('applications.columns.actions'),
      cell: (row) =>
        row.status === 'pending' ? (
          <span className="flex flex-wrap gap-2">
            <RowAction
              icon={Check}
              variant="primary"
              onClick={() => approve(row)}
              loading={decide.isPending && decide.variables?.id === row.id && decide.variables.reason === undefined}
              disabled={decide.isPending}
              label={t('applications.approveLabel', { name: nameOf(row) })}
            >
              {t('applications.approve')}
            </RowAction>
            <RowAction
              icon={X}
              onClick={() => setRejecting(row)}
              disabled={decide.isPending}
              label={t('applications.rejectLabel', { name: nameOf(row) })}
            >
              {t('applications.reject')}
            </RowAction>
          </span>
        ) : null,
    },
  ];
}

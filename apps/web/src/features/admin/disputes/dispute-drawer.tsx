import type { AdminDispute } from '@ustaz/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate } from '../../../shared/lib/bidi.ts';
import { formatTimeRange, viewerTimeZone } from '../../../shared/lib/dates/formats.ts';
import { formatId, formatKwd } from '../../../shared/lib/format.ts';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { formatDateTime } from '../ui/format.ts';
import { UserLink } from '../ui/user-link.tsx';
import { useAdminDispute } from './api/disputes.ts';
import { ResolveDisputeForm } from './resolve-dispute-form.tsx';

export const DISPUTE_TONES: Record<AdminDispute['status'], BadgeTone> = {
  open: 'warning',
  refunded: 'info',
  released: 'success',
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <h3 className="text-sm font-bold text-slate-900">{title}</h3>
      <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Attended({ yes }: { yes: boolean }) {
  const { t } = useTranslation('admin-money');
  return <Badge tone={yes ? 'success' : 'danger'}>{t(yes ? 'disputes.attended' : 'disputes.absent')}</Badge>;
}

/** What the drawer shows of one dispute: the lesson, both parties, the money, attendance, the report, the decision. */
function DisputeDetails({ dispute }: { dispute: AdminDispute }) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const zone = viewerTimeZone();
  return (
    <div className="flex flex-col gap-4" data-testid="dispute-details">
      <Section title={t('disputes.detail.lesson')}>
        <Item label={t('disputes.detail.when')}>
          <span className="flex flex-col">
            <span>{formatDateTime(dispute.startTime, language)}</span>
            <span className="text-slate-600">
              {formatTimeRange(dispute.startTime, dispute.endTime, language, zone)}
            </span>
          </span>
        </Item>
        <Item label={t('disputes.detail.reservation')}>
          {t('common.idRef', { id: formatId(dispute.reservationId, language) })}
        </Item>
        <Item label={t('disputes.columns.student')}>
          <UserLink id={dispute.studentId} name={dispute.studentName} />
        </Item>
        <Item label={t('disputes.columns.teacher')}>
          <span className="flex flex-col">
            <bdi dir="auto" className="font-semibold">
              {dispute.teacherName}
            </bdi>
            <span className="text-xs text-slate-500">
              {t('disputes.detail.teacherProfile', { id: formatId(dispute.teacherId, language) })}
            </span>
          </span>
        </Item>
        <Item label={t('disputes.detail.paid')}>
          <span data-testid="dispute-paid">
            {formatKwd(dispute.paid, language) ?? dispute.paid}
            <span className="ms-1 text-slate-600">
              {t('disputes.detail.paidWith', { method: t(`paidWith.${dispute.paidWith}`) })}
            </span>
          </span>
        </Item>
      </Section>
      <Section title={t('disputes.detail.attendance')}>
        <Item label={t('disputes.detail.studentAttended')}>
          <Attended yes={dispute.attendance.student} />
        </Item>
        <Item label={t('disputes.detail.teacherAttended')}>
          <Attended yes={dispute.attendance.teacher} />
        </Item>
      </Section>
      <Section title={t('disputes.detail.report')}>
        <Item label={t('disputes.detail.reportedBy')}>
          {t(`disputes.reporters.${dispute.reportedBy}`)} · {formatDateTime(dispute.createdAt, language)}
        </Item>
        <Item label={t('disputes.columns.reason')}>{t(`disputes.reasons.${dispute.reason}`)}</Item>
        <div className="sm:col-span-2">
          <Item label={t('disputes.detail.details')}>
            {dispute.details ? (
              <bdi dir="auto" className="block wrap-anywhere whitespace-pre-line">
                {dispute.details}
              </bdi>
            ) : (
              <span className="text-slate-500">{t('disputes.detail.noDetails')}</span>
            )}
          </Item>
        </div>
      </Section>
      {dispute.status !== 'open' ? (
        <Section title={t('disputes.detail.decision')}>
          <Item label={t('disputes.columns.status')}>
            <Badge tone={DISPUTE_TONES[dispute.status]}>{t(`disputes.status.${dispute.status}`)}</Badge>
          </Item>
          <Item label={t('disputes.detail.resolvedAt')}>{formatDateTime(dispute.resolvedAt, language)}</Item>
          {dispute.refundAmount ? (
            <Item label={t('disputes.detail.refunded')}>
              {formatKwd(dispute.refundAmount, language) ?? dispute.refundAmount}
            </Item>
          ) : null}
          {dispute.resolutionNote ? (
            <div className="sm:col-span-2">
              <Item label={t('disputes.detail.note')}>
                <bdi dir="auto" className="block wrap-anywhere whitespace-pre-line">
                  {dispute.resolutionNote}
                </bdi>
              </Item>
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

/**
 * One dispute, read fresh (GET /api/v1/admin/disputes/{id}), in a panel over the list: everything the
 * admin needs to decide, and while it is open the decision form (release, refund in full or in part).
 */
export function DisputeDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const dispute = useAdminDispute(id);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      size="2xl"
      title={t('disputes.detail.title', { id: isolate(formatId(id, language)) })}
    >
      {dispute.data ? (
        <div className="flex flex-col gap-4">
          <DisputeDetails dispute={dispute.data} />
          {dispute.data.status === 'open' ? (
            <ResolveDisputeForm dispute={dispute.data} onBusy={setBusy} onDone={onClose} />
          ) : null}
        </div>
      ) : dispute.isError ? (
        <RetryAlert
          message={t('disputes.detail.loadFailed')}
          onRetry={() => void dispute.refetch()}
          retrying={dispute.isFetching}
        />
      ) : (
        <div className="flex justify-center p-8">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}

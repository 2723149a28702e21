import type { PaymentStatus } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../ui/badge.tsx';

const TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  expired: 'neutral',
};

/** A payment's status (ours), coloured: pending waits, paid and failed are final, expired may still be paid. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('admin-money');
  return <Badge tone={TONES[status]}>{t(`paymentStatus.${status}`)}</Badge>;
}

/** Pending and expired payments can still change from the gateway's answer; paid and failed cannot. */
export function canReconcile(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'expired';
}

import type { AccountStatus } from '@ustaz/contract';
import { ROLE, type RoleId } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './badge.tsx';

const ROLE_KEYS: Record<RoleId, 'admin' | 'teacher' | 'student'> = {
  [ROLE.admin]: 'admin',
  [ROLE.teacher]: 'teacher',
  [ROLE.student]: 'student',
};
const ROLE_TONES: Record<RoleId, BadgeTone> = {
  [ROLE.admin]: 'info',
  [ROLE.teacher]: 'neutral',
  [ROLE.student]: 'neutral',
};

/** The role key of the locale file (`roles.student`). */
export function roleKey(roleId: RoleId) {
  return ROLE_KEYS[roleId];
}

export function RoleBadge({ roleId }: { roleId: RoleId }) {
  const { t } = useTranslation('admin');
  return <Badge tone={ROLE_TONES[roleId]}>{t(`roles.${ROLE_KEYS[roleId]}`)}</Badge>;
}

/** Active or suspended (suspended users cannot sign in). */
export function StatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={status === 'active' ? 'success' : 'danger'}>{t(`status.${status}`)}</Badge>;
}

/** A teacher profile approved (listed in search) or waiting for approval. */
export function ApprovalBadge({ approved }: { approved: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tone={approved ? 'success' : 'warning'}>{t(approved ? 'approval.approved' : 'approval.pending')}</Badge>
  );
}

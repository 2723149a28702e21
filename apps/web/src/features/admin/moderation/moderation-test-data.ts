import type { AdminReservation, AdminReview, AuditEntry, NotFoundTerm } from '@ustaz/contract';
import { factory } from '../../../shared/test/factory.ts';

/** Test data factories for the dashboard's moderation pages (used by their tests only). */

export const adminReservation = factory<AdminReservation>((sequence) => ({
  id: 5000 + sequence,
  status: 'confirmed',
  startTime: '2026-03-14T15:00:00.000Z',
  endTime: '2026-03-14T16:00:00.000Z',
  price: '12.500',
  paidWith: 'wallet',
  student: { id: 9, name: 'Fahad Al-Ali', email: 'fahad@example.com' },
  teacher: { id: 42, profileId: 7, name: 'Mona Al-Sabah' },
  paymentId: null,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
}));

export const adminReview = factory<AdminReview>((sequence) => ({
  id: 6000 + sequence,
  type: 'student_to_teacher',
  rating: 4,
  comment: 'Very clear explanations.',
  reservationId: 31,
  teacher: { profileId: 7, userId: 42, name: 'Mona Al-Sabah' },
  student: { id: 9, name: 'Fahad Al-Ali' },
  hidden: false,
  hiddenAt: null,
  hiddenReason: null,
  createdAt: '2026-03-09T12:00:00.000Z',
}));

export const notFoundTerm = factory<NotFoundTerm>(() => ({
  keywords: 'Physics',
  normalized: 'physics',
  searchType: 'subject',
  count: 14,
  users: 9,
  lastSearchedAt: '2026-03-09T18:00:00.000Z',
}));

export const auditEntry = factory<AuditEntry>((sequence) => ({
  id: 7000 + sequence,
  actor: { id: 1, name: 'Site Admin', email: 'admin@ustaz.example' },
  action: 'user.suspend',
  entityType: 'user',
  entityId: '7',
  reason: 'Spam messages',
  before: { status: 'active', email: 'mona@example.com' },
  after: { status: 'suspended', email: 'mona@example.com' },
  createdAt: '2026-03-10T08:00:00.000Z',
}));

import type { AdminPackage, AdminSubject } from '@ustaz/contract';
import { factory } from '../../../shared/test/factory.ts';

/** Test data factories for the subjects and packages pages. */

export const adminSubject = factory<AdminSubject>((sequence) => ({
  id: 10 + sequence,
  nameAr: 'الفيزياء',
  nameEn: 'Physics',
  descriptionAr: '',
  descriptionEn: '',
  icon: 'atom',
  isActive: true,
  sortOrder: 2,
  synonymsAr: [],
  synonymsEn: [],
  teachersCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
}));

export const adminPackage = factory<AdminPackage>((sequence) => ({
  id: 40 + sequence,
  nameAr: 'باقة العشر ساعات',
  nameEn: 'Ten hours',
  descriptionAr: '',
  descriptionEn: '',
  hours: 10,
  price: '90.000',
  type: 'standard',
  validityDays: 60,
  featuresAr: ['دعم عبر الدردشة'],
  featuresEn: ['Chat support'],
  discountPercentage: 10,
  isActive: true,
  sortOrder: 1,
  soldCount: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
}));

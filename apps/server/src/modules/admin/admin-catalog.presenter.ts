import type { AdminPackage, AdminSubject, AdminTeacher } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { PackageWithSales } from '../subscriptions/subscriptions.service.ts';
import type { AdminSubjectRow, AdminTeacherRow } from './admin-catalog.repo.ts';

/** The admin's view of a teacher profile: both languages, approval and the account. */
export function toAdminTeacher(row: AdminTeacherRow): AdminTeacher {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    status: row.status,
    approved: row.approvedAt !== null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    bioAr: row.bioAr,
    bioEn: row.bioEn,
    majorAr: row.majorAr,
    majorEn: row.majorEn,
    experienceYears: row.experienceYears,
    hourlyRate: filsToKwd(row.hourlyRateFils),
    videoUrl: row.videoUrl,
    subjects: row.subjects.map((subject) => ({ id: subject.id, nameAr: subject.nameAr, nameEn: subject.nameEn })),
    averageRating: row.averageRating,
    ratingCount: row.ratingCount,
    bookingsCount: row.bookingsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

type Described = Pick<AdminSubject, 'id' | 'nameAr' | 'nameEn' | 'descriptionAr' | 'descriptionEn'>;

/** A subject's or a package's id with its name and description in both languages. */
function described(row: Described): Described {
  return {
    id: row.id,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    descriptionAr: row.descriptionAr,
    descriptionEn: row.descriptionEn,
  };
}

export function toAdminSubject(row: AdminSubjectRow): AdminSubject {
  return {
    ...described(row),
    icon: row.icon,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    synonymsAr: row.synonymsAr,
    synonymsEn: row.synonymsEn,
    teachersCount: row.teachersCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminPackage(row: PackageWithSales): AdminPackage {
  return {
    ...described(row),
    hours: row.hours,
    price: filsToKwd(row.priceFils),
    type: row.type,
    validityDays: row.validityDays,
    featuresAr: row.featuresAr,
    featuresEn: row.featuresEn,
    discountPercentage: row.discountPercentage,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    soldCount: row.soldCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the teacher's audit row shows of a profile (the editable fields, money as KWD). */
export function editableTeacher(row: AdminTeacherRow) {
  const { bioAr, bioEn, majorAr, majorEn, experienceYears, hourlyRate, videoUrl } = toAdminTeacher(row);
  const subjectIds = row.subjects.map((subject) => subject.id).sort((x, y) => x - y);
  return { bioAr, bioEn, majorAr, majorEn, experienceYears, hourlyRate, videoUrl, subjectIds };
}

/** What a package's audit row shows (the price as KWD). */
export function editablePackage(row: PackageWithSales) {
  const { soldCount: _sold, createdAt: _created, id: _id, priceFils, ...fields } = row;
  return { ...fields, price: filsToKwd(priceFils) };
}

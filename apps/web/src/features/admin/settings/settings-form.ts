import { type AdminSettings, type AdminSettingsBody, toAsciiDigits } from '@ustaz/contract';
import { z } from 'zod';

export const MEGABYTE = 1024 * 1024;
/** The contract's upload limits: 100 KB to 20 MB. */
export const UPLOAD_LIMITS = { minBytes: 100 * 1024, maxBytes: 20 * MEGABYTE } as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** An empty field, or an http(s) address or a site path (`/logo.svg`), as the contract accepts. */
const optionalUrl = z
  .string()
  .trim()
  .max(2048, 'tooLong')
  .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value) || value.startsWith('/'), 'invalidUrl');
const optionalTrackingId = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[A-Za-z0-9_-]{1,64}$/.test(value), 'invalidTrackingId');
const color = z.string().trim().regex(HEX, 'invalidColor');

/** Megabytes as typed ("2.5") to bytes, or null when it is not a number. */
export function megabytesToBytes(text: string): number | null {
  const value = toAsciiDigits(text).trim();
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(value)) return null;
  return Math.round(Number(value) * MEGABYTE);
}

export function bytesToMegabytes(bytes: number): string {
  return String(Math.round((bytes / MEGABYTE) * 100) / 100);
}

/** Every field of AdminSettingsBody but `version`, as the form holds it (text; the size in MB). */
export const settingsFormSchema = z.object({
  appName: z.string().trim().min(1, 'required').max(60, 'tooLong'),
  appNameEn: z.string().trim().max(60, 'tooLong'),
  defaultTitle: z.string().trim().min(1, 'required').max(120, 'tooLong'),
  defaultDescription: z.string().trim().max(300, 'tooLong'),
  defaultKeywords: z.string().trim().max(300, 'tooLong'),
  defaultOgImage: optionalUrl,
  logoUrl: optionalUrl,
  faviconUrl: optionalUrl,
  primaryColor: color,
  secondaryColor: color,
  facebookUrl: optionalUrl,
  twitterUrl: optionalUrl,
  instagramUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  youtubeUrl: optionalUrl,
  tiktokPixelId: optionalTrackingId,
  googleAnalyticsId: optionalTrackingId,
  facebookPixelId: optionalTrackingId,
  instagramPixelId: optionalTrackingId,
  hotjarId: optionalTrackingId,
  contactEmail: z
    .string()
    .trim()
    .max(254, 'tooLong')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'invalidEmail'),
  contactPhone: z.string().trim().max(40, 'tooLong'),
  contactAddress: z.string().trim().max(300, 'tooLong'),
  contactAddressEn: z.string().trim().max(300, 'tooLong'),
  headerScripts: z.string().max(20_000, 'tooLong'),
  footerScripts: z.string().max(20_000, 'tooLong'),
  enableRegistration: z.boolean(),
  maxUploadSizeMb: z.string().refine((text) => {
    const bytes = megabytesToBytes(text);
    return bytes !== null && bytes >= UPLOAD_LIMITS.minBytes && bytes <= UPLOAD_LIMITS.maxBytes;
  }, 'uploadRange'),
});
export type SettingsForm = z.input<typeof settingsFormSchema>;
export type SettingsFormField = keyof SettingsForm;

export function isHexColor(value: string | undefined): value is string {
  return typeof value === 'string' && HEX.test(value.trim());
}

/** The fields the contract holds as null when empty; the form holds them as text. */
const NULLABLE_FIELDS = [
  'defaultOgImage',
  'logoUrl',
  'faviconUrl',
  'facebookUrl',
  'twitterUrl',
  'instagramUrl',
  'linkedinUrl',
  'youtubeUrl',
  'tiktokPixelId',
  'googleAnalyticsId',
  'facebookPixelId',
  'instagramPixelId',
  'hotjarId',
  'contactEmail',
  'contactPhone',
  'contactAddress',
  'contactAddressEn',
  'appNameEn',
] as const satisfies readonly (keyof AdminSettings & SettingsFormField)[];
type NullableField = (typeof NULLABLE_FIELDS)[number];

/** Each nullable field through `convert`, by name. */
function mapNullable<T>(convert: (field: NullableField) => T): Record<NullableField, T> {
  return Object.fromEntries(NULLABLE_FIELDS.map((field) => [field, convert(field)])) as Record<NullableField, T>;
}

export function settingsFormValues(settings: AdminSettings): SettingsForm {
  return {
    appName: settings.appName,
    defaultTitle: settings.defaultTitle,
    defaultDescription: settings.defaultDescription,
    defaultKeywords: settings.defaultKeywords,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    ...mapNullable((field) => settings[field] ?? ''),
    headerScripts: settings.headerScripts,
    footerScripts: settings.footerScripts,
    enableRegistration: settings.enableRegistration,
    maxUploadSizeMb: bytesToMegabytes(settings.maxUploadSize),
  };
}

/** An empty optional field is sent as null, as the contract wants. */
function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The PUT body: the edited values and the version they were loaded from. */
export function settingsBody(values: SettingsForm, version: number): AdminSettingsBody {
  return {
    version,
    appName: values.appName.trim(),
    defaultTitle: values.defaultTitle.trim(),
    defaultDescription: values.defaultDescription.trim(),
    defaultKeywords: values.defaultKeywords.trim(),
    primaryColor: values.primaryColor.trim(),
    secondaryColor: values.secondaryColor.trim(),
    ...mapNullable((field) => orNull(values[field])),
    headerScripts: values.headerScripts,
    footerScripts: values.footerScripts,
    enableRegistration: values.enableRegistration,
    maxUploadSize: megabytesToBytes(values.maxUploadSizeMb) ?? UPLOAD_LIMITS.minBytes,
  };
}

/** The form field a server field code belongs under (the size is typed in MB). */
export function formFieldOf(serverField: string): SettingsFormField | null {
  if (serverField === 'maxUploadSize') return 'maxUploadSizeMb';
  return serverField in settingsFormSchema.shape ? (serverField as SettingsFormField) : null;
}

/** Black or white, whichever reads better on `background` (WCAG relative luminance). */
export function readableTextColor(background: string): '#ffffff' | '#0f172a' {
  const hex = background.replace('#', '');
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  const onWhite = 1.05 / (luminance + 0.05);
  // slate-900 (#0f172a) has a relative luminance of about 0.0089.
  const onDark = (luminance + 0.05) / (0.0089 + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0f172a';
}

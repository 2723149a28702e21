import {
  type AdminTeacher,
  type AdminTeacherPatch,
  BOOKING,
  hasInvisibleControls,
  kwdTextOrNull,
  kwdToFils,
  toAsciiDigits,
} from '@ustaz/contract';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { useAdminSubjects } from '../catalog/api/get-subjects.ts';
import { AdminForm, AmountField, BilingualFields, NumberField, useAdminForm } from '../ui/admin-form.tsx';
import { useUpdateTeacher } from './api/update-teacher.ts';

const KWD = /^\d{1,7}(\.\d{1,3})?$/;
const MAX_SUBJECTS = 20;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Text that shows as typed: no bidi control or zero-width character (the contract's `invalidCharacters`). */
const visible = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .refine((text) => !hasInvisibleControls(text), 'invalidCharacters');

/** The form's fields as typed (all text); the contract's limits, with the locale file's error codes. */
const teacherFormSchema = z.object({
  bioAr: visible(2000),
  bioEn: visible(2000),
  majorAr: visible(120),
  majorEn: visible(120),
  experienceYears: z
    .string()
    .overwrite(toAsciiDigits)
    .trim()
    .regex(/^\d{1,3}$/, 'invalid')
    .refine((value) => Number(value) <= 80, 'tooBig'),
  // Read by the contract's one amount parser; from BOOKING.minPricePerHourKwd to maxPricePerHourKwd an hour.
  hourlyRate: z
    .string()
    .overwrite((text) => kwdTextOrNull(text) ?? text)
    .regex(KWD, 'invalid')
    .refine((value) => kwdToFils(value) >= kwdToFils(BOOKING.minPricePerHourKwd), 'tooSmall')
    .refine((value) => kwdToFils(value) <= kwdToFils(BOOKING.maxPricePerHourKwd), 'tooBig'),
  videoUrl: z
    .string()
    .trim()
    .max(300, 'tooLong')
    .refine((value) => value === '' || isWebUrl(value), 'invalid'),
  subjectIds: z.array(z.number().int()).max(MAX_SUBJECTS, 'tooBig'),
});
type TeacherForm = z.input<typeof teacherFormSchema>;
type TeacherValues = z.output<typeof teacherFormSchema>;

function formValues(teacher: AdminTeacher): TeacherForm {
  const { bioAr, bioEn, majorAr, majorEn, hourlyRate } = teacher;
  return {
    bioAr,
    bioEn,
    majorAr,
    majorEn,
    hourlyRate,
    experienceYears: String(teacher.experienceYears),
    videoUrl: teacher.videoUrl ?? '',
    subjectIds: teacher.subjects.map((subject) => subject.id),
  };
}

/** The form's values as the contract takes them: the years as a number, no video as null. */
function toPatch({ experienceYears, videoUrl, ...texts }: TeacherValues): AdminTeacherPatch {
  return { ...texts, experienceYears: Number(experienceYears), videoUrl: videoUrl === '' ? null : videoUrl };
}

/** Edits a teacher's profile in both languages at once (open while `teacher` is set). */
export function TeacherEditDialog({ teacher, onClose }: { teacher: AdminTeacher | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateTeacher();
  function close() {
    if (!update.isPending) onClose();
  }
  return (
    <Modal
      open={teacher !== null}
      onClose={close}
      size="2xl"
      title={teacher ? t('teacherEdit.title', { name: `${teacher.firstName} ${teacher.lastName}` }) : undefined}
    >
      {teacher ? (
        <TeacherEditForm
          key={teacher.id}
          teacher={teacher}
          saving={update.isPending}
          onCancel={close}
          onSave={async (body) => {
            await update.mutateAsync({ id: teacher.id, body });
            void notify.success(t('teacherEdit.saved'));
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

function TeacherEditForm({
  teacher,
  saving,
  onCancel,
  onSave,
}: {
  teacher: AdminTeacher;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: AdminTeacherPatch) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const subjects = useAdminSubjects({ isActive: 'true', page: 1, limit: 100 });
  const form = useAdminForm({
    schema: teacherFormSchema,
    defaultValues: formValues(teacher),
    onSave: (values) => onSave(toPatch(values)),
  });
  const chosen = useController({ control: form.control, name: 'subjectIds' });

  function toggleSubject(id: number, checked: boolean) {
    const current = chosen.field.value;
    chosen.field.onChange(checked ? [...current, id] : current.filter((item) => item !== id));
  }

  // The teacher's own subjects stay choosable even when one was deactivated since.
  const active = subjects.data?.data ?? [];
  const extra = teacher.subjects.filter((subject) => !active.some((item) => item.id === subject.id));
  const choices = [...active, ...extra].map((subject) => ({
    id: subject.id,
    name: language === 'ar' ? subject.nameAr : subject.nameEn,
  }));

  return (
    <AdminForm
      form={form}
      saving={saving}
      onCancel={onCancel}
      submitText={saving ? t('actions.saving') : t('actions.save')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualFields form={form} texts="teacherEdit" name="major" maxLength={120} />
        <BilingualFields form={form} texts="teacherEdit" name="bio" multiline rows={5} maxLength={2000} />
        <NumberField form={form} name="experienceYears" label={t('teacherEdit.experienceYears')} min={0} max={80} />
        <AmountField
          form={form}
          name="hourlyRate"
          label={t('teacherEdit.hourlyRate')}
          helperText={t('teacherEdit.hourlyRateHelp')}
        />
        <TextInput
          {...form.register('videoUrl')}
          label={t('teacherEdit.videoUrl')}
          helperText={t('teacherEdit.videoUrlHelp')}
          type="url"
          dir="ltr"
          maxLength={300}
          className="sm:col-span-2"
          error={form.error('videoUrl')}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">{t('teacherEdit.subjects')}</legend>
        <p className="text-sm text-slate-500">{t('teacherEdit.subjectsHelp', { max: MAX_SUBJECTS })}</p>
        {subjects.isPending ? (
          <div role="status" aria-label={t('list.loading')} className="flex justify-center py-4">
            <Spinner size="sm" />
          </div>
        ) : subjects.isError ? (
          <Alert>{t('teacherEdit.subjectsError')}</Alert>
        ) : (
          <ul className="grid max-h-56 grid-cols-1 gap-x-4 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
            {choices.map((subject) => (
              <li key={subject.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    name="subjectIds"
                    value={subject.id}
                    checked={chosen.field.value.includes(subject.id)}
                    onChange={(event) => toggleSubject(subject.id, event.target.checked)}
                    className="size-5 shrink-0 accent-primary"
                  />
                  <span dir="auto">{subject.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {form.error('subjectIds') ? (
          <p role="alert" className="text-sm text-red-600">
            {form.error('subjectIds')}
          </p>
        ) : null}
      </fieldset>
    </AdminForm>
  );
}

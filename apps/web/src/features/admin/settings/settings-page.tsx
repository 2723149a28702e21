import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminSettings } from '@ustaz/contract';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorCode, errorText } from '../../../shared/lib/error-text.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { applyServerFieldErrors } from '../../../shared/lib/server-field-errors.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { RefreshCw } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { formatDateTime } from '../ui/format.ts';
import { QueryFallback } from '../ui/query-state.tsx';
import { useAdminSettings } from './api/get-settings.ts';
import { useUpdateSettings } from './api/update-settings.ts';
import { LivePreview } from './settings-fields.tsx';
import {
  formFieldOf,
  type SettingsForm,
  settingsBody,
  settingsFormSchema,
  settingsFormValues,
} from './settings-form.ts';
import { ServiceSections, SiteSections } from './settings-sections.tsx';

type Notice = { kind: 'saved'; version: number } | { kind: 'conflict' } | null;

/**
 * /{lang}/admin/settings: every website setting, grouped, with a live preview of the colours,
 * logo, name and social links. Saving sends the version the form was loaded from; a newer save
 * by someone else answers 409 and the admin reloads theirs.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useAdminSettings();
  const [notice, setNotice] = useState<Notice>(null);
  const [reloads, setReloads] = useState(0);
  const [reloading, setReloading] = useState(false);

  async function reload() {
    setReloading(true);
    try {
      await settings.refetch();
      setReloads((count) => count + 1);
      setNotice(null);
    } finally {
      setReloading(false);
    }
  }

  const data = settings.data;
  return (
    <AdminPage title={t('settings.title')} description={t('settings.description')}>
      {!data ? (
        <QueryFallback query={settings} errorTitle={t('settings.errorTitle')} />
      ) : (
        <SettingsEditor
          // A new version (saved or reloaded) starts the form again from it.
          key={`${data.version}-${reloads}`}
          settings={data}
          notice={notice}
          onNotice={setNotice}
          onReload={() => void reload()}
          reloading={reloading}
        />
      )}
    </AdminPage>
  );
}

function SettingsEditor({
  settings,
  notice,
  onNotice,
  onReload,
  reloading,
}: {
  settings: AdminSettings;
  notice: Notice;
  onNotice: (notice: Notice) => void;
  onReload: () => void;
  reloading: boolean;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const update = useUpdateSettings();
  const defaults = settingsFormValues(settings);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isDirty },
  } = useForm<SettingsForm>({ resolver: zodResolver(settingsFormSchema), defaultValues: defaults });
  const parts = { register, control, setValue, errors };

  const submit = handleSubmit(async (form) => {
    onNotice(null);
    try {
      const saved = await update.mutateAsync(settingsBody(form, settings.version));
      void notify.success(t('settings.saved', { version: formatNumber(saved.version, language) }));
      onNotice({ kind: 'saved', version: saved.version });
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 409 && errorCode(failure) === 'versionConflict') {
        onNotice({ kind: 'conflict' });
        void notify.error(t('errors.versionConflict'));
        return;
      }
      const placed = applyServerFieldErrors(failure, setError, formFieldOf);
      void notify.error(placed ? t('settings.fixFields') : errorText(failure, t, ERROR_TEXTS.admin));
    }
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {/* First on a phone, so the sample is in view while the first sections are edited. */}
      <div className="lg:order-last">
        <LivePreview control={control} defaults={defaults} settings={settings} />
      </div>
      <form
        onSubmit={(event: FormEvent) => void submit(event)}
        noValidate
        className="flex min-w-0 flex-col gap-4"
        aria-label={t('settings.title')}
      >
        <SiteSections form={parts} settings={settings} />
        <ServiceSections form={parts} settings={settings} />
        <SaveBar
          settings={settings}
          notice={notice}
          dirty={isDirty}
          saving={update.isPending}
          onReload={onReload}
          reloading={reloading}
        />
      </form>
    </div>
  );
}

/** The bar under the form: a conflict with its reload, the saved version, what is unsaved, and Save. */
function SaveBar({
  settings,
  notice,
  dirty,
  saving,
  onReload,
  reloading,
}: {
  settings: AdminSettings;
  notice: Notice;
  dirty: boolean;
  saving: boolean;
  onReload: () => void;
  reloading: boolean;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur">
      {notice?.kind === 'conflict' ? (
        <Alert title={t('settings.conflict.title')}>
          <p>{t('settings.conflict.body')}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={onReload} loading={reloading}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('settings.conflict.reload')}
          </Button>
        </Alert>
      ) : null}
      {notice?.kind === 'saved' ? (
        <Alert variant="success" title={t('settings.savedTitle', { version: formatNumber(notice.version, language) })}>
          {t('settings.cacheNotice')}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-slate-600" data-testid="settings-version">
          {dirty
            ? t('settings.unsaved')
            : t('settings.versionLine', {
                version: formatNumber(settings.version, language),
                date: formatDateTime(settings.updatedAt, language),
              })}
        </p>
        <Button type="submit" loading={saving}>
          {saving ? t('actions.saving') : t('settings.save')}
        </Button>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { Mail } from '../../shared/ui/icons.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { buildMailtoHref } from './mailto.ts';
import { Panel } from './page-blocks.tsx';

const MESSAGE_MAX_LENGTH = 2000;
const FIELD_MAX_LENGTH = 150;

function openInMailApp(href: string) {
  window.location.href = href;
}

/**
 * A form that sends nothing itself: submitting opens the visitor's e-mail app on a new message
 * to `email`, with the subject and the body (message and name) prefilled. The note above the
 * fields says so.
 */
export function ContactMailForm({
  email,
  openMailto = openInMailApp,
}: {
  email: string;
  /** Opens the built `mailto:` address; replaceable in tests (jsdom cannot navigate). */
  openMailto?: (href: string) => void;
}) {
  const { t } = useTranslation('pages');
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const noteId = `${baseId}-note`;
  const messageId = `${baseId}-message`;
  // The default subject follows a language switch until the visitor edits it (their edits stay).
  const values = { name: '', subject: t('contact.mailForm.defaultSubject'), message: '' };
  const { register, handleSubmit } = useForm({ values, resetOptions: { keepDirtyValues: true } });

  // The fields' own `required` checks run first: the browser's, as the form has no check of its own.
  const onSubmit = handleSubmit(({ name, subject, message }) => {
    const body = t('contact.mailForm.body', {
      message: message.trim(),
      name: name.trim(),
      interpolation: { escapeValue: false },
    }).trim();
    openMailto(buildMailtoHref(email, { subject: subject.trim(), body }));
  });

  return (
    <Panel headingId={headingId} heading={t('contact.mailForm.heading')}>
      <p id={noteId} className="mt-2 text-sm leading-6 text-slate-600">
        {t('contact.mailForm.note', { email, interpolation: { escapeValue: false } })}
      </p>
      <form onSubmit={(event) => void onSubmit(event)} aria-describedby={noteId} className="mt-5 flex flex-col gap-4">
        <TextInput
          {...register('name')}
          label={t('contact.mailForm.name')}
          maxLength={FIELD_MAX_LENGTH}
          autoComplete="name"
        />
        <TextInput
          {...register('subject')}
          label={t('contact.mailForm.subject')}
          maxLength={FIELD_MAX_LENGTH}
          required
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={messageId} className="text-sm font-medium text-slate-700">
            {t('contact.mailForm.message')}
            <span aria-hidden="true" className="ms-0.5 text-red-600">
              *
            </span>
          </label>
          <Textarea
            {...register('message')}
            id={messageId}
            required
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            className="leading-7"
          />
        </div>
        <Button type="submit" size="lg" className="self-start">
          <Mail aria-hidden="true" className="size-5" />
          {t('contact.mailForm.submit')}
        </Button>
      </form>
    </Panel>
  );
}

import { Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
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
  const [name, setName] = useState('');
  // null until edited, so the default subject follows a language switch.
  const [subject, setSubject] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const currentSubject = subject ?? t('contact.mailForm.defaultSubject');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = t('contact.mailForm.body', {
      message: message.trim(),
      name: name.trim(),
      interpolation: { escapeValue: false },
    }).trim();
    openMailto(buildMailtoHref(email, { subject: currentSubject.trim(), body }));
  }

  return (
    <Panel headingId={headingId} heading={t('contact.mailForm.heading')}>
      <p id={noteId} className="mt-2 text-sm leading-6 text-slate-600">
        {t('contact.mailForm.note', { email, interpolation: { escapeValue: false } })}
      </p>
      <form onSubmit={handleSubmit} aria-describedby={noteId} className="mt-5 flex flex-col gap-4">
        <TextInput
          name="name"
          label={t('contact.mailForm.name')}
          value={name}
          onValueChange={setName}
          maxLength={FIELD_MAX_LENGTH}
          autoComplete="name"
        />
        <TextInput
          name="subject"
          label={t('contact.mailForm.subject')}
          value={currentSubject}
          onValueChange={setSubject}
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
            id={messageId}
            name="message"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
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

import type { BankAccount } from '@ustaz/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { isolate, ltr } from '../../shared/lib/bidi.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Landmark } from '../../shared/ui/icons.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useBankAccount, useSaveBankAccount } from './api/bank-account.ts';
import { ERROR_TEXTS } from './earnings-error-texts.ts';
import { Panel } from './panel.tsx';

/** The bank account payouts go to: masked once saved (only the last 4 characters), or the form to add or change it. */
export function BankAccountCard() {
  const { t } = useTranslation('earnings');
  const account = useBankAccount();
  const [editing, setEditing] = useState(false);
  return (
    <Panel
      id="bank-title"
      title={t('bank.title')}
      icon={<Landmark aria-hidden="true" className="size-5 text-slate-500" />}
    >
      <QueryStates
        query={account}
        loading={listPlaceholders(t('bank.loading'), 'rows', 1, 'h-20')}
        error={({ onRetry, retrying }) => (
          <RetryAlert message={t('bank.error')} onRetry={onRetry} retrying={retrying} />
        )}
      >
        {({ bankAccount }) =>
          bankAccount && !editing ? (
            <SavedAccount account={bankAccount} onChange={() => setEditing(true)} />
          ) : (
            <BankAccountForm
              initialHolder={bankAccount?.holderName ?? ''}
              onDone={() => setEditing(false)}
              onCancel={bankAccount ? () => setEditing(false) : undefined}
            />
          )
        }
      </QueryStates>
    </Panel>
  );
}

function SavedAccount({ account, onChange }: { account: BankAccount; onChange: () => void }) {
  const { t } = useTranslation('earnings');
  return (
    <div className="flex flex-col gap-2" data-testid="saved-bank-account">
      <p className="text-sm text-slate-700">{t('bank.savedAccount', { iban: ltr(account.maskedIban) })}</p>
      <p className="text-sm text-slate-600">{t('bank.holder', { name: isolate(account.holderName) })}</p>
      <Button variant="outline" size="sm" className="self-start" onClick={onChange}>
        {t('bank.change')}
      </Button>
    </div>
  );
}

function BankAccountForm({
  initialHolder,
  onDone,
  onCancel,
}: {
  initialHolder: string;
  onDone: () => void;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation('earnings');
  const save = useSaveBankAccount();
  // No check of its own: the server reads the IBAN (its check digits, a Kuwaiti bank) and answers its codes.
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm({ defaultValues: { iban: '', holderName: initialHolder } });
  const fieldText = (code: string | undefined) =>
    code ? translate(t, `errors.${code}`, { defaultValue: t('errors.invalid') }) : undefined;

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      notify.success(t('bank.saved'));
      resetField('iban');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['iban', 'holderName']);
      if (Object.keys(fieldErrorCodes(error)).length === 0) notify.error(errorText(error, t, ERROR_TEXTS.earnings));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <p className="text-sm text-slate-600">{t('bank.intro')}</p>
      <TextInput
        {...register('iban')}
        label={t('bank.iban')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={64}
        helperText={t('bank.ibanHint')}
        error={fieldText(errors.iban?.message)}
        inputClassName="font-mono uppercase"
      />
      <TextInput
        {...register('holderName')}
        label={t('bank.holderName')}
        dir="auto"
        required
        maxLength={100}
        error={fieldText(errors.holderName?.message)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('bank.save')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('bank.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import type { BankAccount } from '@ustaz/contract';
import { Landmark } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate, ltr } from '../../shared/lib/bidi.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { Button } from '../../shared/ui/button.tsx';
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
  const [iban, setIban] = useState('');
  const [holderName, setHolderName] = useState(initialHolder);
  const fields = save.error ? fieldErrorCodes(save.error) : {};
  const fieldText = (code: string | undefined) =>
    code ? t(`errors.${code}`, { defaultValue: t('errors.invalid') }) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ iban, holderName });
      notify.success(t('bank.saved'));
      setIban('');
      onDone();
    } catch (error) {
      if (Object.keys(fieldErrorCodes(error)).length === 0) notify.error(errorText(error, t, ERROR_TEXTS.earnings));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <p className="text-sm text-slate-600">{t('bank.intro')}</p>
      <TextInput
        label={t('bank.iban')}
        name="iban"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={64}
        value={iban}
        onValueChange={setIban}
        helperText={t('bank.ibanHint')}
        error={fieldText(fields.iban)}
        inputClassName="font-mono uppercase"
      />
      <TextInput
        label={t('bank.holderName')}
        name="holderName"
        dir="auto"
        required
        maxLength={100}
        value={holderName}
        onValueChange={setHolderName}
        error={fieldText(fields.holderName)}
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

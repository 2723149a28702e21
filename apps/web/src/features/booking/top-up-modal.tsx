import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { GATEWAY_PROVIDERS, type GatewayProvider, MAX_TOP_UP_KWD } from '@ustaz/contract';
import { readKwdFils } from '@ustaz/contract/kwd';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText as failureText } from '../../shared/lib/error-text.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { type TopUpModalData, topUpModalData } from '../../shared/money/money-modals.ts';
import { openPaymentLink } from '../../shared/money/payment-link.ts';
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/money/use-balance.ts';
import { gatewayBlock, usePaymentMethods } from '../../shared/money/use-payment-methods.ts';
import { AmountInput } from '../../shared/ui/amount-input.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CreditCard, type LucideIcon, SquareSplitHorizontal, UserRound } from '../../shared/ui/icons.tsx';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { topUp } from './api/top-up.ts';
import { blockText } from './gateway-block-text.ts';
import { ERROR_TEXTS } from './payment-error-texts.ts';
import { amountFieldText, checkTopUpAmount, type TopUpAmountError } from './top-up-amount.ts';

const PROVIDERS: { id: GatewayProvider; Icon: LucideIcon }[] = [
  { id: 'payzah', Icon: CreditCard },
  { id: 'deema', Icon: SquareSplitHorizontal },
];

/** The amount as typed, read and checked by checkTopUpAmount (the contract's schema), and the chosen gateway. */
const topUpSchema = z.object({
  amount: z.string().transform((typed, context) => {
    const check = checkTopUpAmount(typed);
    if (check.ok) return check.amount;
    context.addIssue({ code: 'custom', message: check.error });
    return z.NEVER;
  }),
  provider: z.enum(GATEWAY_PROVIDERS),
});

type Blocks = Record<GatewayProvider, ReturnType<typeof gatewayBlock>>;

/**
 * TOP_UP_BALANCE (spec 2, 4, 5): current balance, the amount a booking lacks when known, the amount
 * field, Payzah (K-Net) or Deema, cancel and top up, and a go-to-profile button when opened from
 * booking. A payment link opens in a new tab, then the modal closes and onSuccess runs.
 */
export function TopUpModal({ data, closeModal, titleId }: ModalComponentProps) {
  return <TopUpForm data={topUpModalData(data)} closeModal={closeModal} titleId={titleId} />;
}

function TopUpForm({ data, closeModal, titleId }: { data: TopUpModalData; closeModal: () => void; titleId: string }) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const queryClient = useQueryClient();
  const methods = usePaymentMethods();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting: submitting },
  } = useForm({
    resolver: zodResolver(topUpSchema),
    defaultValues: { amount: amountFieldText(data.requiredAmount), provider: 'payzah' as GatewayProvider },
  });
  const [amount, chosen] = useWatch({ control, name: ['amount', 'provider'] });

  const check = checkTopUpAmount(amount);
  const amountFils = check.ok ? readKwdFils(check.amount) : null;
  const blocks = Object.fromEntries(
    PROVIDERS.map(({ id }) => [id, methods.isPending ? null : gatewayBlock(methods.data, id, amountFils)]),
  ) as Blocks;
  // A choice that became unavailable (the amount fell below Deema's minimum) falls back to another.
  const provider = blocks[chosen] ? (PROVIDERS.find(({ id }) => !blocks[id])?.id ?? chosen) : chosen;
  const amountError = errors.amount?.message as TopUpAmountError | undefined;

  function errorText(code: TopUpAmountError): string {
    return t(`topUp.errors.${code}`, { amount: formatKwd(MAX_TOP_UP_KWD, language) });
  }

  const submit = handleSubmit(
    async (values) => {
      if (blocks[provider]) {
        void notify.error(blockText(t, language, blocks[provider]) ?? t('method.unavailable'));
        return;
      }
      try {
        const answer = await topUp(provider, values.amount, language);
        if (!answer?.paymentLink) {
          void notify.error(t('topUp.errors.noLink'));
          return;
        }
        const link = answer.paymentLink;
        const opened = openPaymentLink(link);
        void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
        closeModal();
        data.onSuccess?.();
        // A blocked tab: the toast carries the link (a click there is allowed to open it).
        void notify.info(
          t('topUp.started'),
          opened
            ? undefined
            : { duration: 15_000, action: { label: t('topUp.openPaymentPage'), onClick: () => openPaymentLink(link) } },
        );
      } catch (caught) {
        void notify.error(failureText(caught, t, ERROR_TEXTS.payment));
      }
    },
    (refused) => {
      const code = refused.amount?.message as TopUpAmountError | undefined;
      if (code) void notify.error(errorText(code));
    },
  );

  return (
    <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('topUp.title')}
      </h2>
      <TopUpFigures requiredAmount={data.requiredAmount} />
      <AmountInput
        {...register('amount')}
        label={t('topUp.amountLabel')}
        error={amountError ? errorText(amountError) : undefined}
        helperText={t('topUp.amountHelp')}
        required
        disabled={submitting}
      />
      <ProviderChoices
        blocks={blocks}
        provider={provider}
        disabled={submitting}
        onChoose={(id) => setValue('provider', id)}
      />
      <TopUpActions fromBooking={data.fromBooking} submitting={submitting} onCancel={closeModal} />
    </form>
  );
}

/** The balance now, and the amount a booking lacks when known. */
function TopUpFigures({ requiredAmount }: { requiredAmount: TopUpModalData['requiredAmount'] }) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const balance = useBalance();
  const requiredText = requiredAmount === undefined ? null : formatKwd(requiredAmount, language);
  return (
    <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
      <div className="flex items-center justify-between gap-3">
        <dt className="text-slate-600">{t('topUp.currentBalance')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="top-up-balance">
          {balance.isPending ? (
            <Spinner size="sm" />
          ) : balance.isError ? (
            <span className="text-red-700">{t('topUp.balanceError')}</span>
          ) : (
            formatKwd(balance.data.balance, language)
          )}
        </dd>
      </div>
      {requiredText ? (
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">{t('topUp.required')}</dt>
          <dd className="font-bold text-amber-800" data-testid="top-up-required">
            {requiredText}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Payzah (K-Net) or Deema, each with why it cannot take this amount when it cannot. */
function ProviderChoices({
  blocks,
  provider,
  disabled,
  onChoose,
}: {
  blocks: Blocks;
  provider: GatewayProvider;
  disabled: boolean;
  onChoose: (id: GatewayProvider) => void;
}) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-700">{t('topUp.provider')}</legend>
      {PROVIDERS.map(({ id, Icon }) => {
        const why = blockText(t, language, blocks[id]);
        const reasonId = `top-up-${id}-reason`;
        return (
          <label
            key={id}
            className={cx(
              'flex min-h-14 items-start gap-3 rounded-xl border px-4 py-3',
              why
                ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500'
                : provider === id
                  ? 'cursor-pointer border-primary bg-primary/5'
                  : 'cursor-pointer border-slate-200 bg-white hover:border-primary',
            )}
            data-testid={`top-up-provider-${id}`}
          >
            <input
              type="radio"
              name="provider"
              value={id}
              checked={provider === id}
              disabled={Boolean(why) || disabled}
              onChange={() => onChoose(id)}
              aria-describedby={why ? reasonId : undefined}
              className="mt-1 size-4 accent-primary"
            />
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="font-semibold">{t(`methods.${id}`)}</span>
              <span className="text-sm text-slate-600">{t(`methods.${id}Description`)}</span>
              {why ? (
                <span id={reasonId} className="text-sm font-medium text-amber-800">
                  {why}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** Go to the profile (when opened from a booking), cancel, and top up. */
function TopUpActions({
  fromBooking,
  submitting,
  onCancel,
}: {
  fromBooking: TopUpModalData['fromBooking'];
  submitting: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payment');
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
      {fromBooking ? (
        <Link
          to={localePath(language, '/profile')}
          // Leaves without the booking modal coming back (openModal(UNDEFINED) skips onClose).
          onClick={() => openModal(MODAL_KINDS.UNDEFINED)}
          className={buttonClasses({ variant: 'ghost', className: 'sm:me-auto' })}
        >
          <UserRound aria-hidden="true" className="size-4" />
          {t('topUp.goToProfile')}
        </Link>
      ) : null}
      <Button
        variant="outline"
        onClick={onCancel}
        disabled={submitting}
        className={fromBooking ? undefined : 'sm:ms-auto'}
      >
        {t('topUp.cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {t('topUp.submit')}
      </Button>
    </div>
  );
}

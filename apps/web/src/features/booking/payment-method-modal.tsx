import type { GatewayProvider } from '@ustaz/contract';
import type { PaymentMethod } from '@ustaz/contract/constants';
import { readKwdFils } from '@ustaz/contract/kwd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import {
  type BookingTerms,
  isPaymentMethodModalData,
  type PaymentMethodModalData,
} from '../../shared/money/money-modals.ts';
import { useBalance } from '../../shared/money/use-balance.ts';
import { type GatewayBlock, gatewayBlock, usePaymentMethods } from '../../shared/money/use-payment-methods.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CreditCard, Lock, type LucideIcon, SquareSplitHorizontal, Wallet } from '../../shared/ui/icons.tsx';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { coverage } from './booking-totals.ts';
import { blockText } from './gateway-block-text.ts';
import { ERROR_TEXTS } from './payment-error-texts.ts';
import { splitText } from './split-text.ts';

/** Which choices each context offers (spec 9): Payzah only when buying a subscription. */
export function methodsFor(context: PaymentMethodModalData['context']): PaymentMethod[] {
  return context === 'subscription' ? ['balance', 'payzah', 'deema'] : ['balance', 'deema'];
}

const ICONS: Record<PaymentMethod, LucideIcon> = { balance: Wallet, payzah: CreditCard, deema: SquareSplitHorizontal };

type Choice = {
  method: PaymentMethod;
  /** Why it cannot be chosen, already translated; null when it can. */
  blocked: string | null;
  detail: string | null;
  /** The wallet choice of a student with subscription hours: hours are spent first. */
  withHours?: boolean;
  sandbox: boolean;
};

/**
 * PAYMENT_METHOD_SELECTION (spec 2 and 4): the package (its Arabic name in Arabic), hours and price,
 * and the payment choices. A choice that cannot take the amount (a gateway below its minimum or
 * switched off, a wallet that lacks it) is shown disabled with the reason. Choosing one runs
 * onSelect; while it runs every button is disabled and the chosen one spins.
 */
export function PaymentMethodModal({ data, closeModal, titleId }: ModalComponentProps) {
  if (!isPaymentMethodModalData(data)) return null;
  return <PaymentMethodChooser data={data} closeModal={closeModal} titleId={titleId} />;
}

function PaymentMethodChooser({
  data,
  closeModal,
  titleId,
}: {
  data: PaymentMethodModalData;
  closeModal: () => void;
  titleId: string;
}) {
  const { t } = useTranslation(['payment', 'booking']);
  const language = useCurrentLanguage();
  const balance = useBalance();
  const methods = usePaymentMethods();
  const [busy, setBusy] = useState<PaymentMethod | null>(null);
  const [acknowledged, setAcknowledged] = useState(data.terms?.acknowledged ?? false);
  const needsTick = (data.terms?.slots ?? []).some((slot) => !slot.cancellable);
  const waitingForTick = needsTick && !acknowledged;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const priceFils = readKwdFils(data.item.price) ?? 0;
  const name = language === 'ar' ? data.item.nameAr || data.item.name : data.item.name || data.item.nameAr;

  function gatewayReason(block: GatewayBlock | null): string | null {
    if (methods.isPending) return t('method.checking');
    return blockText(t, language, block);
  }

  function balanceChoice(): Choice {
    const info = balance.data;
    if (!info) return { method: 'balance', blocked: null, detail: null, sandbox: false };
    const wallet = t('method.walletBalance', { amount: formatKwd(info.balance, language) ?? info.balance });
    if (data.context === 'booking' && data.split) {
      return {
        method: 'balance',
        blocked: data.split.sufficient ? null : t('method.insufficientForBooking'),
        detail: `${wallet} · ${splitText(data.split, language, t)}`,
        sandbox: false,
        withHours: info.remainingHours > 0,
      };
    }
    if (data.context === 'booking') {
      const detail =
        info.remainingHours > 0
          ? `${wallet} · ${t('method.hoursLeft', { hours: formatHours(info.remainingHours, language, t) })}`
          : wallet;
      const cover = coverage({ totalFils: priceFils, totalHours: data.item.hours }, info);
      return {
        method: 'balance',
        blocked: cover.kind === 'insufficient' ? t('method.insufficientForBooking') : null,
        detail,
        sandbox: false,
        withHours: info.remainingHours > 0,
      };
    }
    const enough = (readKwdFils(info.balance) ?? 0) >= priceFils;
    return { method: 'balance', blocked: enough ? null : t('method.insufficient'), detail: wallet, sandbox: false };
  }

  function gatewayChoice(provider: GatewayProvider): Choice {
    const sandbox = methods.data?.methods.find((method) => method.id === provider)?.sandbox ?? false;
    return {
      method: provider,
      blocked: gatewayReason(gatewayBlock(methods.data, provider, priceFils)),
      detail: null,
      sandbox,
    };
  }

  const choices = methodsFor(data.context).map((method) =>
    method === 'balance' ? balanceChoice() : gatewayChoice(method),
  );

  async function choose(method: PaymentMethod) {
    if (busy || waitingForTick) return;
    setBusy(method);
    try {
      await data.onSelect(method);
    } catch (error) {
      void notify.error(errorText(error, t, ERROR_TEXTS.payment));
    } finally {
      if (mounted.current) setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-5" aria-busy={busy ? true : undefined}>
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('method.title')}
      </h2>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="payment-item">
        <p className="font-bold text-slate-900" dir="auto">
          {name}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
          <span>{formatHours(data.item.hours, language, t)}</span>
          <span aria-hidden="true">·</span>
          <span className="font-semibold text-slate-800" data-testid="payment-price">
            {formatKwd(data.item.price, language) ?? data.item.price}
          </span>
        </p>
      </div>
      {data.terms ? (
        <TermsList
          terms={data.terms}
          acknowledged={acknowledged}
          onAcknowledgedChange={setAcknowledged}
          disabled={busy !== null}
        />
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('method.choose')}</legend>
        {waitingForTick ? (
          <p className="text-sm text-amber-800" data-testid="payment-acknowledge-first">
            {t('method.acknowledgeFirst')}
          </p>
        ) : null}
        {choices.map((choice) => (
          <ChoiceButton
            key={choice.method}
            choice={choice}
            context={data.context}
            busy={busy === choice.method}
            disabled={busy !== null || choice.blocked !== null || waitingForTick}
            lastUsed={data.selected === choice.method}
            onChoose={() => void choose(choice.method)}
          />
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button variant="outline" onClick={closeModal} disabled={busy !== null}>
          {t('method.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** Each lesson's cancellation deadline; lessons inside the window need the tick before paying. */
function TermsList({
  terms,
  acknowledged,
  onAcknowledgedChange,
  disabled,
}: {
  terms: BookingTerms;
  acknowledged: boolean;
  onAcknowledgedChange: (acknowledged: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(['payment', 'booking']);
  const checkboxId = useId();
  const locked = terms.slots.filter((slot) => !slot.cancellable).length;
  return (
    <section className="flex flex-col gap-2" data-testid="payment-terms">
      <h3 className="text-sm font-semibold text-slate-700">{t('method.termsTitle')}</h3>
      <ul className="flex max-h-40 flex-col gap-1.5 overflow-y-auto text-sm">
        {terms.slots.map((slot) => (
          <li key={slot.id} className="flex flex-col" data-testid="payment-term">
            <span className="text-slate-800">{slot.when}</span>
            {slot.cancellable ? (
              <span className="text-xs text-slate-500">
                {t('review.cancelUntil', { ns: 'booking', deadline: slot.deadline })}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
                <Lock aria-hidden="true" className="size-3" />
                {t('review.notCancellable', { ns: 'booking' })} · {t('review.notCancellableWhy', { ns: 'booking' })}
              </span>
            )}
          </li>
        ))}
      </ul>
      {locked > 0 ? (
        <label
          htmlFor={checkboxId}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
        >
          <input
            id={checkboxId}
            type="checkbox"
            checked={acknowledged}
            disabled={disabled}
            onChange={(event) => onAcknowledgedChange(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>{t('review.acknowledge', { ns: 'booking', count: locked })}</span>
        </label>
      ) : null}
    </section>
  );
}

function ChoiceButton({
  choice,
  context,
  busy,
  disabled,
  lastUsed,
  onChoose,
}: {
  choice: Choice;
  context: PaymentMethodModalData['context'];
  busy: boolean;
  disabled: boolean;
  lastUsed: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('payment');
  const Icon = ICONS[choice.method];
  const reasonId = `payment-choice-${choice.method}-reason`;
  const description =
    choice.method === 'balance' && context === 'booking' && choice.withHours
      ? t('methods.balanceWithSubscription')
      : t(`methods.${choice.method}Description`);
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-describedby={choice.blocked ? reasonId : undefined}
      data-testid={`payment-choice-${choice.method}`}
      className={cx(
        'flex min-h-16 w-full items-start gap-3 rounded-xl border px-4 py-3 text-start transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        choice.blocked
          ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500'
          : 'border-slate-200 bg-white text-slate-800 hover:border-primary disabled:cursor-wait disabled:opacity-70',
        lastUsed && !choice.blocked && 'border-primary/60',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          choice.blocked ? 'bg-slate-100' : 'bg-primary/10 text-primary',
        )}
      >
        {busy ? <Spinner size="sm" /> : <Icon className="size-5" />}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {t(`methods.${choice.method}`)}
          {choice.sandbox ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
              {t('method.sandbox')}
            </span>
          ) : null}
        </span>
        <span className="text-sm text-slate-600">{description}</span>
        {choice.detail ? <span className="text-sm text-slate-700">{choice.detail}</span> : null}
        {choice.blocked ? (
          <span id={reasonId} className="text-sm font-medium text-amber-800">
            {choice.blocked}
          </span>
        ) : null}
      </span>
    </button>
  );
}

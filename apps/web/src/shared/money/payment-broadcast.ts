import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';

/** The app's one cross-tab channel: every open tab of this origin hears what another posts. */
export const TAB_CHANNEL_NAME = 'ustaz';

export type TabMessage = { type: 'payment-completed'; paymentId: string };

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(TAB_CHANNEL_NAME) : null;
}

/**
 * Tells the other open tabs that a payment completed (the tab that shows the payment's success
 * refreshes itself). A browser without BroadcastChannel simply does not tell.
 */
export function announcePaymentCompleted(paymentId: string): void {
  const channel = openChannel();
  if (!channel) return;
  channel.postMessage({ type: 'payment-completed', paymentId } satisfies TabMessage);
  channel.close();
}

/**
 * Calls `onCompleted` for every payment another tab announces (issue 17: the wallet and the
 * reservations refresh in every open tab after a payment completes in another one).
 */
export function listenForCompletedPayments(onCompleted: (paymentId: string) => void): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<TabMessage> | null;
    if (message?.type === 'payment-completed' && typeof message.paymentId === 'string') onCompleted(message.paymentId);
  };
  return () => channel.close();
}

/** While mounted: a payment completed in another tab invalidates the queries under `keys`. */
export function useRefreshOnPaymentInOtherTab(keys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const refresh = useEffectEvent(() => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  });
  useEffect(() => listenForCompletedPayments(() => refresh()), []);
}

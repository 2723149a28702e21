import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  announcePaymentCompleted,
  listenForCompletedPayments,
  TAB_CHANNEL_NAME,
  useRefreshOnPaymentInOtherTab,
} from './payment-broadcast.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('payment broadcast between tabs', () => {
  it("another tab's channel hears a completed payment, with its id", async () => {
    const heard = vi.fn();
    closers.push(listenForCompletedPayments(heard));
    announcePaymentCompleted('pay_7Hq2');
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith('pay_7Hq2'));
  });

  it('other messages on the channel are ignored', async () => {
    const heard = vi.fn();
    closers.push(listenForCompletedPayments(heard));
    const other = new BroadcastChannel(TAB_CHANNEL_NAME);
    other.postMessage({ type: 'something-else' });
    other.postMessage(null);
    other.postMessage({ type: 'payment-completed', paymentId: 'pay_1' });
    other.close();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard).toHaveBeenCalledWith('pay_1');
  });

  it('a mounted tab invalidates the wallet and reservations queries when another tab completes a payment', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useRefreshOnPaymentInOtherTab([['balance'], ['reservations']]), { wrapper });
    announcePaymentCompleted('pay_7Hq2');
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['balance'], ['reservations']]);
    unmount();
    invalidate.mockClear();
    announcePaymentCompleted('pay_8');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(invalidate).not.toHaveBeenCalled();
  });
});

import type { GatewayProvider } from '@ustaz/contract';

/**
 * One payment gateway behind one interface (ARCHITECTURE "payments"). An adapter speaks the
 * gateway's HTTP protocol; the payments service decides what a result means for the ledger.
 * Nothing here trusts a redirect's query string: `lookup` asks the gateway itself (I8).
 */
export type InitiateRequest = {
  /** Our payment id: Payzah `trackid`, Deema `merchant_order_id`. */
  paymentId: string;
  amountFils: number;
  currency: 'KWD';
  language: 'ar' | 'en';
  /** Where the gateway sends the browser after paying / failing (our return route). */
  successUrl: string;
  errorUrl: string;
  /** Payzah only: "1" K-Net, "2" card, "3" hosted page. */
  paymentType?: '1' | '2' | '3';
};

export type InitiateResult = {
  /** Where to send the customer (opened in a new tab by the client). */
  redirectUrl: string;
  /** The gateway's own id for this payment, used by `lookup` (Payzah PaymentID, Deema purchase id). */
  providerRef: string;
};

export type LookupResult = {
  status: 'paid' | 'failed' | 'pending';
  /** What the gateway says was charged; checked against the stored payment before crediting. */
  amountFils: number | null;
  currency: string | null;
  /** The order id the gateway holds (our payment id); checked against the stored payment. */
  orderId: string | null;
  /** The gateway's transaction reference when it has one (receipts, reconciliation). */
  reference?: string | null;
};

export interface PaymentProvider {
  /** Which provider this adapter serves ('payzah' | 'deema'); the sandbox serves either. */
  readonly name: GatewayProvider;
  /** True when this is the local sandbox standing in for the real gateway. */
  readonly sandbox: boolean;
  /** Smallest amount the provider takes, in fils. */
  readonly minAmountFils: number;
  initiate(request: InitiateRequest): Promise<InitiateResult>;
  /** The payment's status at the gateway, by our stored reference. */
  lookup(payment: { paymentId: string; providerRef: string | null }): Promise<LookupResult>;
  /**
   * For providers that call us (Deema's webhook): whether the request's headers prove it came from
   * the gateway. Providers without a webhook return false.
   */
  verifyWebhook?(headers: Record<string, string | string[] | undefined>, rawBody: string): boolean;
}

/** A gateway that did not answer, answered with an error, or answered something we cannot read. */
export class GatewayError extends Error {
  constructor(
    readonly provider: GatewayProvider | 'sandbox',
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

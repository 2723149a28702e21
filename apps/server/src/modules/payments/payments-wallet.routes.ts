import {
  balanceResponseSchema,
  filsToKwd,
  type GatewayProvider,
  LEDGER_LINE_KINDS,
  type LedgerLineKind,
  paymentLinkResponseSchema,
  toPage,
  topUpBodySchema,
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHook, authOf } from '../../http/authenticate.ts';
import { signedInRoute } from '../../http/module-routes.ts';
import type { PaymentsService } from './payments.service.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A transfer's kind as a wallet line; a kind the client does not know reads as an adjustment. */
function lineKindOf(kind: string): LedgerLineKind {
  return (LEDGER_LINE_KINDS as readonly string[]).includes(kind) ? (kind as LedgerLineKind) : 'adjustment';
}

/** The wallet's routes (balance, movements, top-up), on the payments plugin's `app`. */
export function walletRoutes(
  app: ZodApp,
  {
    service,
    requireAuth,
    remainingHours,
  }: {
    service: PaymentsService;
    requireAuth: AuthHook;
    remainingHours: (userId: number) => Promise<number>;
  },
): void {
  const signedIn = signedInRoute('money', requireAuth);
  app.get(
    '/api/v1/subscriptions/balance',
    signedIn('Wallet balance (KWD), earnings and subscription hours left', {
      response: { 200: balanceResponseSchema },
    }),
    async (request) => {
      const { userId } = authOf(request);
      return {
        balance: filsToKwd(await service.balanceFils(userId, 'wallet')),
        currency: 'KWD' as const,
        earnings: filsToKwd(await service.balanceFils(userId, 'earnings')),
        remainingHours: await remainingHours(userId),
      };
    },
  );

  app.get(
    '/api/v1/balance/transactions',
    signedIn('Movements of the wallet and earnings, newest first', {
      querystring: walletTransactionsQuerySchema,
      response: { 200: walletTransactionsResponseSchema },
    }),
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.ledgerLines(authOf(request).userId, page, limit);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          kind: lineKindOf(row.kind),
          account: row.account,
          amount: filsToKwd(row.amountFils),
          createdAt: row.createdAt.toISOString(),
          reservationId: row.reservationId,
          paymentId: row.paymentId,
        })),
        total,
        { page, limit },
      );
    },
  );

  for (const provider of ['payzah', 'deema'] as const satisfies GatewayProvider[]) {
    app.post(
      `/api/v1/balance/top-up/${provider}`,
      {
        ...signedIn(`Top up the wallet through ${provider}: returns the gateway link`, {
          body: topUpBodySchema,
          response: { 200: paymentLinkResponseSchema },
        }),
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      (request) => service.topUp(authOf(request).userId, provider, request.body),
    );
  }
}

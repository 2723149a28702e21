/**
 * The ledger's surface for the other modules (ADR 011). Every money flow (booking, payments,
 * subscriptions, admin) moves money with `postTransfer` and reads balances here, always in the
 * caller's executor (`tx`): the ledger never opens a transaction of its own, so a transfer commits
 * or rolls back with the change it pays for. `ledger.repo.ts` is private to this module; its
 * `postTransfer` already is the operation (the only writer, ADR 008), so it is exported as it is.
 */
export {
  type AccountLine,
  InsufficientFundsError,
  type Leg,
  postTransfer,
  systemAccountId,
  type TransferInput,
  userAccountId,
  userBalance,
  userLines,
} from './ledger.repo.ts';

/**
 * The response schemas the web checks its answers with (`apiRequest(path, (contract) => contract.xSchema)`),
 * an entry of their own: the web loads it lazily, and a dynamic import keeps every export of what it
 * loads, so this entry holds only the answers' schemas, not the request schemas the server checks.
 * A schema the web names that is missing here fails tsc.
 */

export {
  adminOkResponseSchema,
  adminOverviewSchema,
  adminTeacherResponseSchema,
  adminTeachersResponseSchema,
  adminUserDetailSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  auditResponseSchema,
} from './admin.ts';
export {
  adminPackageResponseSchema,
  adminPackagesResponseSchema,
  adminSettingsResponseSchema,
  adminSubjectResponseSchema,
  adminSubjectsResponseSchema,
} from './admin-catalog.ts';
export {
  adminReviewResponseSchema,
  adminReviewsResponseSchema,
  notFoundTermsResponseSchema,
} from './admin-moderation.ts';
export {
  adminCancelReservationResponseSchema,
  adminLedgerResponseSchema,
  adminPaymentsResponseSchema,
  adminReservationsResponseSchema,
  manualRefundResponseSchema,
  reconcilePaymentResponseSchema,
  reconciliationResponseSchema,
} from './admin-money.ts';
export {
  googleSandboxTokenResponseSchema,
  okResponseSchema,
  registerResponseSchema,
  tokensResponseSchema,
  uploadedFileSchema,
  userSchema,
} from './auth.ts';
export {
  noContentSchema,
  ownSlotSchema,
  ownSlotsResponseSchema,
  recurringSlotsResponseSchema,
  seriesRemovedResponseSchema,
} from './availability.ts';
export {
  bookingQuoteResponseSchema,
  bookingResponseSchema,
} from './booking.ts';
export { calendarFeedResponseSchema } from './calendar.ts';
export {
  ownTeacherProfileSchema,
  reviewSchema,
  reviewStatesResponseSchema,
  reviewsResponseSchema,
  subjectsResponseSchema,
  teacherDetailSchema,
  teacherProfileSchema,
  teacherProfilesResponseSchema,
  teacherSearchResponseSchema,
  timeSlotsResponseSchema,
  userProfileResponseSchema,
} from './discovery.ts';
export { adminDisputeResponseSchema, adminDisputesResponseSchema, problemReportResponseSchema } from './disputes.ts';
export { favouriteIdsResponseSchema, favouritesResponseSchema } from './favourites.ts';
export { lessonRoomSchema } from './lessons.ts';
export { lessonMeetingLinkResponseSchema } from './meeting-links.ts';
export {
  balanceResponseSchema,
  paymentLinkResponseSchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  walletTransactionsResponseSchema,
} from './money.ts';
export {
  adminPayoutResponseSchema,
  adminPayoutsResponseSchema,
  bankAccountResponseSchema,
  earningsSummarySchema,
  payoutCreatedResponseSchema,
  payoutsResponseSchema,
  statementResponseSchema,
} from './payouts.ts';
export { pushKeyResponseSchema, pushSettingsResponseSchema } from './push.ts';
export {
  conversationSummarySchema,
  conversationsResponseSchema,
  notificationCountResponseSchema,
  notificationSchema,
  notificationsResponseSchema,
} from './realtime.ts';
export { receiptSchema } from './receipts.ts';
export {
  proposalAcceptResponseSchema,
  proposalResponseSchema,
  rescheduleOutcomeSchema,
  rescheduleResponseSchema,
  rescheduleTopUpResponseSchema,
} from './reschedule.ts';
export {
  cancelReservationResponseSchema,
  reservationsResponseSchema,
} from './reservations.ts';
export {
  standingBookingSchema,
  standingBookingsResponseSchema,
  standingPreviewResponseSchema,
} from './standing.ts';
export {
  activeSubscriptionResponseSchema,
  mySubscriptionsResponseSchema,
  mySubscriptionUsageResponseSchema,
  subscriptionPackagesResponseSchema,
  subscriptionPurchaseResponseSchema,
} from './subscriptions.ts';
export {
  adminTeacherApplicationResponseSchema,
  adminTeacherApplicationsResponseSchema,
  createTeacherApplicationResponseSchema,
  myTeacherApplicationResponseSchema,
  teacherCompletenessSchema,
} from './teaching.ts';

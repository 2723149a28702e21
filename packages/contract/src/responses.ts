/**
 * The response schemas the web checks its answers with (`apiRequest(path, (contract) => contract.xSchema)`),
 * an entry of their own: the web loads it lazily, and a dynamic import keeps every export of what it
 * loads, so this entry holds only the answers' schemas, not the request schemas the server checks.
 * A schema the web names that is missing here fails tsc.
 */
export {
  adminCancelReservationResponseSchema,
  adminLedgerResponseSchema,
  adminOkResponseSchema,
  adminOverviewSchema,
  adminPackageResponseSchema,
  adminPackagesResponseSchema,
  adminPaymentsResponseSchema,
  adminReservationsResponseSchema,
  adminReviewResponseSchema,
  adminReviewsResponseSchema,
  adminSettingsResponseSchema,
  adminSubjectResponseSchema,
  adminSubjectsResponseSchema,
  adminTeacherResponseSchema,
  adminTeachersResponseSchema,
  adminUserDetailSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  auditResponseSchema,
  manualRefundResponseSchema,
  notFoundTermsResponseSchema,
  reconcilePaymentResponseSchema,
  reconciliationResponseSchema,
} from './admin.ts';
export {
  googleSandboxTokenResponseSchema,
  okResponseSchema,
  registerResponseSchema,
  tokensResponseSchema,
  uploadedFileSchema,
  userSchema,
} from './auth.ts';
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
export { lessonRoomSchema } from './lessons.ts';
export { lessonMeetingLinkResponseSchema } from './meeting-links.ts';
export {
  activeSubscriptionResponseSchema,
  balanceResponseSchema,
  bookingQuoteResponseSchema,
  bookingResponseSchema,
  cancelReservationResponseSchema,
  mySubscriptionsResponseSchema,
  mySubscriptionUsageResponseSchema,
  noContentSchema,
  ownSlotSchema,
  ownSlotsResponseSchema,
  paymentLinkResponseSchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  recurringSlotsResponseSchema,
  reservationsResponseSchema,
  seriesRemovedResponseSchema,
  subscriptionPackagesResponseSchema,
  subscriptionPurchaseResponseSchema,
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
export {
  adminTeacherApplicationResponseSchema,
  adminTeacherApplicationsResponseSchema,
  createTeacherApplicationResponseSchema,
  myTeacherApplicationResponseSchema,
  teacherCompletenessSchema,
} from './teaching.ts';

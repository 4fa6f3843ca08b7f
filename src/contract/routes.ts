import type { z } from './zod.ts';
import {
  ApiKeyFormSchema,
  ApiKeyReplaceSchema,
  ApiKeyStatusQuerySchema,
  type ApiKeyView,
  type IntegrationTestResult,
  RotateQuerySchema,
  type RotationPreview,
} from './admin-api-keys.ts';
import {
  type EmailPreview,
  EmailTemplateSchema,
  EmailTemplateStatusSchema,
  type EmailTemplateView,
  PreviewSampleSchema,
} from './admin-email-templates.ts';
import { ReferralProgramSchema, type ReferralProgramView } from './admin-referral.ts';
import { type ConfigEntry, SettingFormSchema, type SettingView } from './admin-settings.ts';
import type { SiteSettings } from './settings-catalog.ts';
import { AirmenImportStartSchema, type AirmenImport } from './airmen-file.ts';
import { AdminListQuerySchema, type AdminLead, type AdminQuote, type DashboardStats } from './admin-dashboard.ts';
import {
  ChangePasswordSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RegisterSchema,
  type AuthResponse,
  type PublicUser,
} from './auth.ts';
import {
  AcceptWithDecisionsSchema,
  ChangeOrderSchema,
  DecideChangeOrderSchema,
  type ChangeOrder,
  type WorkOrder,
} from './bid-lines.ts';
import { BlogPostPatchSchema, BlogPostSchema } from './blog.ts';
import type { BlogImage } from './blog-images.ts';
import {
  AcceptProposalSchema,
  ProposalSchema,
  WhereaboutsSchema,
  type AppointmentParties,
} from './appointment-schedule.ts';
import {
  AvailabilitySchema,
  HoldSchema,
  OffersQuerySchema,
  RatesSchema,
  RescheduleSchema,
  type Availability,
  type BookingHold,
  type BookingOffer,
  type Rate,
} from './booking.ts';
import type { BlogCategory, BlogListResponse, BlogPost, GenerateSummary, TrashedBlogPost } from './blog-constants.ts';
import { BlogAdminListQuerySchema, BlogListQuerySchema } from './blog-query.ts';
import {
  AdminCloseSchema,
  AdminConversationsQuerySchema,
  MessageSettingsSchema,
  OpenConversationSchema,
  ReportMessageSchema,
  SendMessageSchema,
  SuspensionsQuerySchema,
  HandledReportsQuerySchema,
  ThreadQuerySchema,
  UpdatesQuerySchema,
  type ConversationSummary,
  type MessageSettings,
  type ReportedConversation,
  type SuspensionsPage,
  type HandledReportsPage,
  type ThreadMessage,
  type ThreadPage,
  type ThreadUpdates,
} from './conversations.ts';
import { SummaryQuerySchema, type MechanicSummary, type OwnerSummary } from './dashboard-summary.ts';
import { PaymentBatchQuerySchema, type PaymentBatch } from './payment-batch.ts';
import { CustomersQuerySchema, type CustomerDetail, type CustomersPage } from './customers.ts';
import {
  DocumentsQuerySchema,
  UploadSessionSchema,
  type ChunkReceipt,
  type UploadAborted,
  type UploadSession,
  type VaultDocument,
} from './documents.ts';
import { LeadSchema } from './lead.ts';
import {
  LeadListQuerySchema,
  LeadSearchSchema,
  LeadTagsSchema,
  type LeadAnalytics,
  type LeadSearchResponse,
  type MarketingLead,
  type Pagination,
  type SuggestedKeywords,
} from './marketing.ts';
import type { UsState } from './us-states.ts';
import {
  AircraftPatchSchema,
  HoursSchema,
  ItemCreateSchema,
  ItemPatchSchema,
  MaintenanceCompletionSchema,
  MaintenanceRequestSchema,
  SquawkCreateSchema,
  SquawkPatchSchema,
  type HoursReading,
  type MaintenanceItem,
  type MaintenanceView,
  type RequestMaintenance,
  type Squawk,
} from './maintenance.ts';
import { type Aircraft, AircraftSchema } from './marketplace.ts';
import {
  type AcceptResult,
  type Appointment,
  AppointmentActionSchema,
  AppointmentCompleteSchema,
  RatingSchema,
} from './appointments.ts';
import { EmailPreferenceSchema, type Notification, NotificationsQuerySchema } from './notifications.ts';
import { type MechanicProfile, MechanicProfileSchema, type PublicMechanicProfile } from './mechanic-profiles.ts';
import { type ServiceRequest, ServiceRequestSchema } from './service-requests.ts';
import type { Bid } from './bids.ts';
import {
  ApproveMechanicSchema,
  MechanicListQuerySchema,
  RejectMechanicSchema,
  type MechanicForReview,
} from './mechanic-vetting.ts';
import {
  OutboxListQuerySchema,
  type DeliveryReport,
  type OutboxDelivery,
  type OutboxMessage,
  type OutboxPage,
} from './outbox.ts';
import {
  AdminPaymentsQuerySchema,
  BidWithDepositSchema,
  RefundSchema,
  type AdminPayment,
  type AdminPaymentsPage,
  type ConnectView,
  type PaymentView,
  type AcceptPayment,
} from './payments.ts';
import type { EarningsFromPayments } from './payments-earnings.ts';
import { QuoteRequestSchema, type QuoteResponse } from './quote.ts';
import {
  RecordPatchSchema,
  SignRecordSchema,
  type MaintenanceRecord,
  type RecordToSign,
  type RecordView,
} from './records.ts';
import { RecordsPacketQuerySchema, type RecordsPacket } from './records-packet.ts';
import {
  FunnelQuerySchema,
  InboxExportQuerySchema,
  InboxListQuerySchema,
  InboxMergeSchema,
  InboxNoteSchema,
  InboxPatchSchema,
  InboxReplySchema,
  InvitationClaimSchema,
  type ConvertResult,
  type Funnel,
  type InboxDetail,
  type InboxEvent,
  type InboxPage,
  type InboxPerson,
  type InboxSummary,
  type InvitationClaim,
} from './inbox.ts';
import { MechanicCancelSchema } from './appointment-cancel.ts';
import {
  AogAirportsQuerySchema,
  AogAssignSchema,
  AogAvailabilitySchema,
  AogOfferSchema,
  AogPageQuerySchema,
  AogReportSchema,
  AogStatusSchema,
  type AogAdminItem,
  type AogAirport,
  type AogAvailability,
  type AogCreated,
  type AogOffer,
  type AogOpenCall,
  type AogSummary,
  type AogView,
} from './aog.ts';

/**
 * Every HTTP route of the product in one table: its method, its path (as the function's
 * `config.path` declares it), the schema of its body (`input`) and query (`query`), and the type
 * of its answer. The functions answer through `reply(route, body)` (src/server/http/reply.ts), so
 * a handler whose answer does not fit the route's output type fails the typecheck; the browser
 * calls through `call(route, ...)` (src/lib/api-client.ts), whose answer is that same type. A unit
 * test checks that every function's paths are in the table and every route is served.
 *
 * Answers keep the shapes the spec and the API tests define: most admin calls wrap their data in
 * `{ success, data }`, the marketplace answers bare objects and lists.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

declare const OUTPUT: unique symbol;

export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  /** The JSON (or form) body. */
  readonly input?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** The body is bytes or a file, not JSON (uploads and downloads). */
  readonly raw?: true;
}

/** A route with its answer type attached (a type only: nothing is stored at run time). */
export type Route<O = unknown, R extends RouteSpec = RouteSpec> = R & { readonly [OUTPUT]?: (answer: O) => O };

/** The answer type of a route. */
export type OutputOf<R> = R extends { readonly [OUTPUT]?: (answer: infer O) => unknown } ? O : never;
/** What a client sends as the body: the schema's input (as typed into a form). */
export type InputOf<R> = R extends { readonly input: infer S extends z.ZodType } ? z.input<S> : never;
/** What the function reads from the body: the schema's output. */
export type ParsedInputOf<R> = R extends { readonly input: infer S extends z.ZodType } ? z.output<S> : never;

/** A `:name` segment's name: `:token.ics` names `token`, its suffix is literal (as `pathOf` reads it). */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The `:name` segments of a path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;

/** `{ success, data }`: the admin console's answers. */
export interface Envelope<T> {
  success: true;
  data: T;
}
/** `{ success, message }`: an action that answers a sentence. */
export interface Done {
  success: true;
  message: string;
}

const route =
  <O>() =>
  <const R extends RouteSpec>(spec: R): Route<O, R> =>
    spec;

export const ROUTES = {
  // --- Sign-in and accounts -------------------------------------------------------------------
  authRegister: route<AuthResponse>()({ method: 'POST', path: '/api/auth/register', input: RegisterSchema }),
  authLogin: route<AuthResponse>()({ method: 'POST', path: '/api/auth/login', input: LoginSchema }),
  authMe: route<{ user: PublicUser }>()({ method: 'GET', path: '/api/auth/me' }),
  authLogout: route<Done>()({ method: 'POST', path: '/api/auth/logout' }),
  authLogoutAll: route<Done>()({ method: 'POST', path: '/api/auth/logout-all' }),
  authPassword: route<AuthResponse>()({ method: 'POST', path: '/api/auth/password', input: ChangePasswordSchema }),
  authPasswordReset: route<Done>()({
    method: 'POST',
    path: '/api/auth/password-reset',
    input: PasswordResetRequestSchema,
  }),
  authPasswordResetConfirm: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    input: PasswordResetConfirmSchema,
  }),

  // --- Public site ----------------------------------------------------------------------------
  quoteSubmit: route<QuoteResponse>()({ method: 'POST', path: '/api/quotes', input: QuoteRequestSchema }),
  quotesForAdmin: route<Envelope<AdminQuote[]>>()({ method: 'GET', path: '/api/quotes', query: AdminListQuerySchema }),
  leadCapture: route<{ success: true; code?: string; sentTo?: string; emailed?: boolean }>()({
    method: 'POST',
    path: '/api/leads',
    input: LeadSchema,
  }),
  leadsForAdmin: route<Envelope<AdminLead[]>>()({ method: 'GET', path: '/api/leads', query: AdminListQuerySchema }),
  health: route<{ database: 'ok' }>()({ method: 'GET', path: '/api/health' }),

  // --- Blog -----------------------------------------------------------------------------------
  blogPosts: route<BlogListResponse>()({ method: 'GET', path: '/api/blog/posts', query: BlogListQuerySchema }),
  blogPost: route<Envelope<BlogPost>>()({ method: 'GET', path: '/api/blog/posts/:slug' }),
  blogCategories: route<Envelope<BlogCategory[]>>()({ method: 'GET', path: '/api/blog/categories' }),
  blogAdminPosts: route<Envelope<BlogPost[] | TrashedBlogPost[]>>()({
    method: 'GET',
    path: '/api/blog/admin/posts',
    query: BlogAdminListQuerySchema,
  }),
  blogAdminRestore: route<Envelope<BlogPost>>()({ method: 'POST', path: '/api/blog/admin/posts/:id/restore' }),
  blogAdminPost: route<Envelope<BlogPost>>()({ method: 'GET', path: '/api/blog/admin/posts/:id' }),
  blogAdminCreate: route<Envelope<BlogPost>>()({
    method: 'POST',
    path: '/api/blog/admin/posts',
    input: BlogPostSchema,
  }),
  blogAdminUpdate: route<Envelope<BlogPost>>()({
    method: 'PUT',
    path: '/api/blog/admin/posts/:id',
    input: BlogPostPatchSchema,
  }),
  blogAdminDelete: route<{ success: true }>()({ method: 'DELETE', path: '/api/blog/admin/posts/:id' }),
  /** Multipart `file` + `alt`, admin only; answers the stored picture (docs/decisions/0400). */
  blogImageUpload: route<BlogImage>()({ method: 'POST', path: '/api/admin/blog/images', raw: true }),
  /** An uploaded picture, public, cached for a year (its name is its content's hash). */
  blogImage: route<Blob>()({ method: 'GET', path: '/api/blog/images/:name', raw: true }),
  blogAdminGenerate: route<{ success: true; posts_created: number }>()({
    method: 'POST',
    path: '/api/blog/admin/generate-initial-content',
  }),
  blogAdminGenerateSummary: route<Envelope<GenerateSummary>>()({
    method: 'GET',
    path: '/api/blog/admin/generate-initial-content',
  }),
  /** Counts one read of an article and answers the total (the cached GET counts nothing: docs/decisions/0202). */
  blogPostView: route<Envelope<{ views: number }>>()({ method: 'POST', path: '/api/blog/posts/:slug/view' }),

  // --- Marketplace ----------------------------------------------------------------------------
  aircraftList: route<Aircraft[]>()({ method: 'GET', path: '/api/aircraft' }),
  aircraftAdd: route<Aircraft>()({ method: 'POST', path: '/api/aircraft', input: AircraftSchema }),
  requestsList: route<ServiceRequest[]>()({ method: 'GET', path: '/api/enhanced/quotes' }),
  requestsOwn: route<ServiceRequest[]>()({ method: 'GET', path: '/api/enhanced/quotes/user' }),
  requestsMatched: route<ServiceRequest[]>()({ method: 'GET', path: '/api/enhanced/quotes/mechanic' }),
  request: route<ServiceRequest>()({ method: 'GET', path: '/api/enhanced/quotes/:id' }),
  requestCreate: route<ServiceRequest>()({ method: 'POST', path: '/api/enhanced/quotes', input: ServiceRequestSchema }),
  requestBid: route<Bid>()({ method: 'POST', path: '/api/enhanced/quotes/:id/bid', input: BidWithDepositSchema }),
  requestAccept: route<AcceptResult>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/accept',
    input: AcceptWithDecisionsSchema,
  }),
  changeOrders: route<ChangeOrder[]>()({ method: 'GET', path: '/api/appointments/:id/change-orders' }),
  changeOrderCreate: route<ChangeOrder>()({
    method: 'POST',
    path: '/api/appointments/:id/change-orders',
    input: ChangeOrderSchema,
  }),
  changeOrderDecide: route<ChangeOrder>()({
    method: 'POST',
    path: '/api/appointments/:id/change-orders/:changeOrderId/decide',
    input: DecideChangeOrderSchema,
  }),
  workOrder: route<WorkOrder>()({ method: 'GET', path: '/api/appointments/:id/work-order' }),
  // --- Signed maintenance records (docs/decisions/0130-signed-maintenance-records.md) ----------
  record: route<RecordView>()({ method: 'GET', path: '/api/appointments/:id/record' }),
  recordUpdate: route<RecordView>()({ method: 'PUT', path: '/api/appointments/:id/record', input: RecordPatchSchema }),
  recordSign: route<RecordView>()({
    method: 'POST',
    path: '/api/appointments/:id/record/sign',
    input: SignRecordSchema,
  }),
  recordCorrect: route<RecordView>()({ method: 'POST', path: '/api/appointments/:id/record/correct' }),
  /** The annuals a quote named this IA to sign, waiting for the signature (docs/decisions/0140). */
  recordsToSign: route<RecordToSign[]>()({ method: 'GET', path: '/api/records/to-sign' }),
  logbook: route<MaintenanceRecord[]>()({ method: 'GET', path: '/api/aircraft/:id/logbook' }),
  logbookPdf: route<Blob>()({ method: 'GET', path: '/api/aircraft/:id/logbook/pdf', raw: true }),
  /** The aircraft's records packet (docs/decisions/0398): a PDF, or with ?format=json a `RecordsPacket`. */
  recordsPacket: route<Blob | RecordsPacket>()({
    method: 'GET',
    path: '/api/aircraft/:id/records-packet',
    raw: true,
    query: RecordsPacketQuerySchema,
  }),
  requestCancel: route<ServiceRequest>()({ method: 'POST', path: '/api/enhanced/quotes/:id/cancel' }),
  appointmentsOwn: route<Appointment[]>()({ method: 'GET', path: '/api/appointments' }),
  appointmentsAssigned: route<Appointment[]>()({ method: 'GET', path: '/api/appointments/mechanic' }),
  appointmentConfirm: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/confirm',
    input: AppointmentActionSchema,
  }),
  appointmentStart: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/start',
    input: AppointmentActionSchema,
  }),
  appointmentComplete: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/complete',
    input: AppointmentCompleteSchema,
  }),
  appointmentRate: route<Appointment>()({ method: 'POST', path: '/api/appointments/:id/rate', input: RatingSchema }),
  mechanicProfile: route<MechanicProfile>()({ method: 'GET', path: '/api/enhanced/mechanic-profile' }),
  /** A mechanic as the owners they quoted see them (docs/decisions/0150). */
  mechanicPublicProfile: route<PublicMechanicProfile>()({ method: 'GET', path: '/api/mechanics/:id/profile' }),
  mechanicProfileSave: route<MechanicProfile>()({
    method: 'POST',
    path: '/api/enhanced/mechanic-profile',
    input: MechanicProfileSchema,
  }),
  notifications: route<Notification[]>()({
    method: 'GET',
    path: '/api/enhanced/notifications',
    query: NotificationsQuerySchema,
  }),
  notificationRead: route<Notification>()({ method: 'PUT', path: '/api/enhanced/notifications/:id/read' }),
  notificationsReadAll: route<{ success: true; updated: number }>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/read-all',
  }),
  emailPreference: route<{ emailNotifications: boolean }>()({
    method: 'GET',
    path: '/api/enhanced/notifications/preferences',
  }),
  emailPreferenceSave: route<{ emailNotifications: boolean }>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/preferences',
    input: EmailPreferenceSchema,
  }),

  // --- Maintenance tracking (docs/decisions/0100-maintenance-tracking.md) ---------------------
  // Deletes answer 204 with no body (`replyWith(route, new Response(null, { status: 204 }))`).
  aircraftOne: route<Aircraft>()({ method: 'GET', path: '/api/aircraft/:id' }),
  aircraftUpdate: route<Aircraft>()({ method: 'PATCH', path: '/api/aircraft/:id', input: AircraftPatchSchema }),
  aircraftDelete: route<void>()({ method: 'DELETE', path: '/api/aircraft/:id' }),
  aircraftHours: route<HoursReading>()({ method: 'POST', path: '/api/aircraft/:id/hours', input: HoursSchema }),
  maintenance: route<MaintenanceView>()({ method: 'GET', path: '/api/aircraft/:id/maintenance' }),
  maintenanceItemAdd: route<MaintenanceItem>()({
    method: 'POST',
    path: '/api/aircraft/:id/maintenance',
    input: ItemCreateSchema,
  }),
  maintenanceItemUpdate: route<MaintenanceItem>()({
    method: 'PATCH',
    path: '/api/aircraft/:id/maintenance/:itemId',
    input: ItemPatchSchema,
  }),
  maintenanceItemDelete: route<void>()({ method: 'DELETE', path: '/api/aircraft/:id/maintenance/:itemId' }),
  maintenanceRequest: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/aircraft/:id/maintenance/request',
    input: MaintenanceRequestSchema,
  }),
  squawkAdd: route<Squawk>()({ method: 'POST', path: '/api/aircraft/:id/squawks', input: SquawkCreateSchema }),
  squawkUpdate: route<Squawk>()({
    method: 'PATCH',
    path: '/api/aircraft/:id/squawks/:squawkId',
    input: SquawkPatchSchema,
  }),
  requestMaintenance: route<RequestMaintenance>()({ method: 'GET', path: '/api/enhanced/quotes/:id/maintenance' }),
  requestMaintenanceComplete: route<RequestMaintenance>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/maintenance',
    input: MaintenanceCompletionSchema,
  }),

  // --- Documents vault (docs/decisions/0060) --------------------------------------------------
  documents: route<VaultDocument[]>()({ method: 'GET', path: '/api/enhanced/documents', query: DocumentsQuerySchema }),
  document: route<VaultDocument>()({ method: 'GET', path: '/api/enhanced/documents/:id' }),
  documentDownload: route<Blob>()({ method: 'GET', path: '/api/enhanced/documents/:id/download', raw: true }),
  documentDelete: route<{ success: true; id: string }>()({ method: 'DELETE', path: '/api/enhanced/documents/:id' }),
  documentUpload: route<VaultDocument>()({ method: 'POST', path: '/api/enhanced/documents/upload', raw: true }),
  uploadStart: route<UploadSession>()({
    method: 'POST',
    path: '/api/enhanced/documents/uploads',
    input: UploadSessionSchema,
  }),
  uploadChunk: route<ChunkReceipt>()({
    method: 'PUT',
    path: '/api/enhanced/documents/uploads/:uploadId/chunks/:index',
    raw: true,
  }),
  uploadComplete: route<VaultDocument>()({
    method: 'POST',
    path: '/api/enhanced/documents/uploads/:uploadId/complete',
  }),
  uploadAbort: route<UploadAborted>()({ method: 'DELETE', path: '/api/enhanced/documents/uploads/:uploadId' }),

  // --- Admin console --------------------------------------------------------------------------
  adminDashboard: route<Envelope<DashboardStats>>()({ method: 'GET', path: '/api/admin/dashboard' }),
  adminCustomers: route<CustomersPage>()({ method: 'GET', path: '/api/admin/customers', query: CustomersQuerySchema }),
  adminMechanics: route<MechanicForReview[]>()({
    method: 'GET',
    path: '/api/admin/mechanics',
    query: MechanicListQuerySchema,
  }),
  adminMechanicApprove: route<MechanicForReview>()({
    method: 'POST',
    path: '/api/admin/mechanics/:id/approve',
    input: ApproveMechanicSchema,
  }),
  adminMechanicReject: route<MechanicForReview>()({
    method: 'POST',
    path: '/api/admin/mechanics/:id/reject',
    input: RejectMechanicSchema,
  }),
  // FAA airmen file (docs/decisions/0120): multipart (month, basic, cert) or JSON to start a chunked import.
  adminAirmenFile: route<AirmenImport | null>()({ method: 'GET', path: '/api/admin/airmen-file' }),
  adminAirmenFileStart: route<AirmenImport>()({
    method: 'POST',
    path: '/api/admin/airmen-file',
    input: AirmenImportStartSchema,
  }),
  adminAirmenFileChunk: route<AirmenImport>()({
    method: 'PUT',
    path: '/api/admin/airmen-file/:id/:file/chunks/:index',
    raw: true,
  }),
  adminUserUnlock: route<Done>()({ method: 'POST', path: '/api/admin/users/:id/unlock' }),
  adminOutbox: route<{ success: true; delivery: OutboxDelivery } & OutboxPage>()({
    method: 'GET',
    path: '/api/admin/outbox',
    query: OutboxListQuerySchema,
  }),
  adminOutboxDeliver: route<Envelope<DeliveryReport>>()({ method: 'POST', path: '/api/admin/outbox/deliver' }),
  adminOutboxRetry: route<{ success: true }>()({ method: 'POST', path: '/api/admin/outbox/:id/retry' }),
  adminConfig: route<Envelope<ConfigEntry[]>>()({ method: 'GET', path: '/api/admin/config' }),
  adminApiKeysAll: route<Envelope<ApiKeyView[]>>()({ method: 'GET', path: '/api/admin/config/api-keys' }),
  adminApiKeys: route<Envelope<ApiKeyView[]>>()({ method: 'GET', path: '/api/admin/config/api-keys/:integration' }),
  adminApiKeyCreate: route<Envelope<ApiKeyView>>()({
    method: 'POST',
    path: '/api/admin/config/api-keys',
    input: ApiKeyFormSchema,
  }),
  adminApiKeyStatus: route<Envelope<ApiKeyView>>()({
    method: 'PUT',
    path: '/api/admin/config/api-keys/:id/status',
    query: ApiKeyStatusQuerySchema,
  }),
  adminApiKeyRotate: route<Done>()({
    method: 'POST',
    path: '/api/admin/config/api-keys/:integration/rotate',
    query: RotateQuerySchema,
  }),
  adminApiKeyRotatePreview: route<Envelope<RotationPreview>>()({
    method: 'GET',
    path: '/api/admin/config/api-keys/:integration/rotate',
    query: RotateQuerySchema,
  }),
  adminTestIntegration: route<IntegrationTestResult>()({
    method: 'POST',
    path: '/api/admin/config/test-integration/:integration',
  }),
  adminSettingsAll: route<Envelope<SettingView[]>>()({ method: 'GET', path: '/api/admin/config/settings' }),
  adminSettings: route<Envelope<SettingView[]>>()({ method: 'GET', path: '/api/admin/config/settings/:category' }),
  adminSetting: route<Envelope<SettingView>>()({ method: 'GET', path: '/api/admin/config/settings/:category/:key' }),
  adminSettingSave: route<Envelope<SettingView>>()({
    method: 'PUT',
    path: '/api/admin/config/settings/:category/:key',
    input: SettingFormSchema,
  }),
  adminReferral: route<Envelope<ReferralProgramView>>()({ method: 'GET', path: '/api/admin/config/referral-program' }),
  adminReferralSave: route<Envelope<ReferralProgramView>>()({
    method: 'PUT',
    path: '/api/admin/config/referral-program',
    input: ReferralProgramSchema,
  }),
  adminTemplates: route<Envelope<EmailTemplateView[]>>()({ method: 'GET', path: '/api/admin/config/email-templates' }),
  adminTemplate: route<Envelope<EmailTemplateView>>()({ method: 'GET', path: '/api/admin/config/email-templates/:id' }),
  adminTemplateCreate: route<Envelope<EmailTemplateView>>()({
    method: 'POST',
    path: '/api/admin/config/email-templates',
    input: EmailTemplateSchema,
  }),
  adminTemplateUpdate: route<Envelope<EmailTemplateView>>()({
    method: 'PUT',
    path: '/api/admin/config/email-templates/:id',
    input: EmailTemplateSchema,
  }),
  adminTemplateStatus: route<Envelope<EmailTemplateView>>()({
    method: 'PUT',
    path: '/api/admin/config/email-templates/:id/status',
    input: EmailTemplateStatusSchema,
  }),
  adminTemplatePreview: route<Envelope<EmailPreview>>()({
    method: 'POST',
    path: '/api/admin/config/email-templates/:id/preview',
    input: PreviewSampleSchema,
  }),

  // --- Marketing (lead search) ----------------------------------------------------------------
  marketingKeywords: route<Envelope<SuggestedKeywords>>()({ method: 'GET', path: '/api/apollo/suggested-keywords' }),
  marketingStates: route<Envelope<UsState[]>>()({ method: 'GET', path: '/api/apollo/states' }),
  marketingAnalytics: route<Envelope<LeadAnalytics>>()({ method: 'GET', path: '/api/apollo/analytics' }),
  marketingLeads: route<Envelope<MarketingLead[]> & { pagination: Pagination }>()({
    method: 'GET',
    path: '/api/apollo/leads',
    query: LeadListQuerySchema,
  }),
  marketingSearch: route<LeadSearchResponse>()({ method: 'POST', path: '/api/apollo/search', input: LeadSearchSchema }),
  marketingTags: route<{ success: true; updated: number; message: string }>()({
    method: 'PUT',
    path: '/api/apollo/leads/tags',
    input: LeadTagsSchema,
  }),

  // --- Public site settings (docs/decisions/0190-settings-catalog.md) --------------------------
  siteSettings: route<Envelope<SiteSettings>>()({ method: 'GET', path: '/api/site/settings' }),
  // --- Appointment times, calendar and contacts (docs/decisions/0171) ---------------------------
  appointmentPropose: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/proposals',
    input: ProposalSchema,
  }),
  appointmentProposalAccept: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/proposals/:proposalId/accept',
    input: AcceptProposalSchema,
  }),
  appointmentWhereabouts: route<Appointment>()({
    method: 'PUT',
    path: '/api/appointments/:id/whereabouts',
    input: WhereaboutsSchema,
  }),
  appointmentContacts: route<AppointmentParties>()({ method: 'GET', path: '/api/appointments/:id/contacts' }),
  appointmentCalendar: route<Blob>()({ method: 'GET', path: '/api/appointments/:id/calendar.ics', raw: true }),
  // --- Instant booking (docs/decisions/0240-instant-booking.md) ----------------------------------
  bookingRates: route<Rate[]>()({ method: 'GET', path: '/api/enhanced/mechanic-profile/rates' }),
  bookingRatesSave: route<Rate[]>()({
    method: 'PUT',
    path: '/api/enhanced/mechanic-profile/rates',
    input: RatesSchema,
  }),
  bookingAvailability: route<Availability>()({ method: 'GET', path: '/api/enhanced/mechanic-profile/availability' }),
  bookingAvailabilitySave: route<Availability>()({
    method: 'PUT',
    path: '/api/enhanced/mechanic-profile/availability',
    input: AvailabilitySchema,
  }),
  bookingOffers: route<BookingOffer[]>()({ method: 'GET', path: '/api/booking/offers', query: OffersQuerySchema }),
  bookingHold: route<BookingHold>()({ method: 'POST', path: '/api/booking/holds', input: HoldSchema }),
  bookingHoldRelease: route<{ success: true }>()({ method: 'DELETE', path: '/api/booking/holds/:id' }),
  bookingHoldConfirm: route<Appointment & { payment?: AcceptPayment }>()({
    method: 'POST',
    path: '/api/booking/holds/:id/confirm',
  }),
  calendarFeed: route<string>()({ method: 'GET', path: '/api/calendar/:token.ics', raw: true }),
  // A booking after confirmation: the owner moves or cancels it inside its window (docs/decisions/0241).
  bookingOpenStarts: route<{ openStarts: string[]; freeUntil: string }>()({
    method: 'GET',
    path: '/api/booking/appointments/:id/open-starts',
  }),
  bookingReschedule: route<Appointment>()({
    method: 'POST',
    path: '/api/booking/appointments/:id/reschedule',
    input: RescheduleSchema,
  }),
  bookingCancel: route<Appointment>()({ method: 'POST', path: '/api/booking/appointments/:id/cancel' }),
  // Issue 27, point 4: a job whose mechanic was rejected or suspended, re-listed as a new request.
  requestRelist: route<ServiceRequest>()({ method: 'POST', path: '/api/enhanced/quotes/:id/relist' }),
  // --- The business's inbox (docs/decisions/0210-business-inbox.md) ---------------------------
  adminInboxQuotes: route<InboxPage>()({ method: 'GET', path: '/api/admin/quotes', query: InboxListQuerySchema }),
  adminInboxLeads: route<InboxPage>()({ method: 'GET', path: '/api/admin/leads', query: InboxListQuerySchema }),
  adminInboxQuote: route<InboxDetail>()({ method: 'GET', path: '/api/admin/quotes/:id' }),
  adminInboxLead: route<InboxDetail>()({ method: 'GET', path: '/api/admin/leads/:id' }),
  adminInboxQuotePatch: route<InboxDetail>()({
    method: 'PATCH',
    path: '/api/admin/quotes/:id',
    input: InboxPatchSchema,
  }),
  adminInboxLeadPatch: route<InboxDetail>()({ method: 'PATCH', path: '/api/admin/leads/:id', input: InboxPatchSchema }),
  adminInboxQuoteNote: route<InboxEvent>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/notes',
    input: InboxNoteSchema,
  }),
  adminInboxLeadNote: route<InboxEvent>()({
    method: 'POST',
    path: '/api/admin/leads/:id/notes',
    input: InboxNoteSchema,
  }),
  adminInboxQuoteReply: route<{ success: true; messageId: string }>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/reply',
    input: InboxReplySchema,
  }),
  adminInboxLeadReply: route<{ success: true; messageId: string }>()({
    method: 'POST',
    path: '/api/admin/leads/:id/reply',
    input: InboxReplySchema,
  }),
  adminInboxQuoteMerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/merge',
    input: InboxMergeSchema,
  }),
  adminInboxLeadMerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/leads/:id/merge',
    input: InboxMergeSchema,
  }),
  adminInboxQuoteUnmerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/unmerge',
    input: InboxMergeSchema,
  }),
  adminInboxLeadUnmerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/leads/:id/unmerge',
    input: InboxMergeSchema,
  }),
  adminInboxQuoteConvert: route<ConvertResult>()({ method: 'POST', path: '/api/admin/quotes/:id/convert' }),
  adminInboxSummary: route<InboxSummary>()({ method: 'GET', path: '/api/admin/inbox/summary' }),
  adminInboxAdministrators: route<{ items: InboxPerson[] }>()({
    method: 'GET',
    path: '/api/admin/inbox/administrators',
  }),
  adminInboxExport: route<string>()({
    method: 'GET',
    path: '/api/admin/inbox/export',
    query: InboxExportQuerySchema,
    raw: true,
  }),
  adminFunnel: route<Funnel>()({ method: 'GET', path: '/api/admin/funnel', query: FunnelQuerySchema }),
  invitationClaim: route<InvitationClaim>()({
    method: 'POST',
    path: '/api/inbox/invitations/claim',
    input: InvitationClaimSchema,
  }),
  // --- Conversations (docs/decisions/0220-conversations.md) ----------------------------------
  conversations: route<ConversationSummary[]>()({ method: 'GET', path: '/api/conversations' }),
  conversationOpen: route<ConversationSummary>()({
    method: 'POST',
    path: '/api/conversations',
    input: OpenConversationSchema,
  }),
  conversation: route<ThreadPage>()({ method: 'GET', path: '/api/conversations/:id', query: ThreadQuerySchema }),
  conversationUpdates: route<ThreadUpdates>()({
    method: 'GET',
    path: '/api/conversations/:id/updates',
    query: UpdatesQuerySchema,
  }),
  conversationSend: route<ThreadMessage>()({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    input: SendMessageSchema,
  }),
  conversationReport: route<{ success: true }>()({
    method: 'POST',
    path: '/api/conversations/:id/messages/:messageId/report',
    input: ReportMessageSchema,
  }),
  conversationAttachment: route<Blob>()({
    method: 'GET',
    path: '/api/conversations/:id/attachments/:documentId',
    raw: true,
  }),
  messageSettings: route<MessageSettings>()({ method: 'GET', path: '/api/message-settings' }),
  messageSettingsSave: route<MessageSettings>()({
    method: 'PUT',
    path: '/api/message-settings',
    input: MessageSettingsSchema,
  }),
  adminConversations: route<ReportedConversation[]>()({
    method: 'GET',
    path: '/api/admin/conversations',
    query: AdminConversationsQuerySchema,
  }),
  adminConversationClose: route<{ success: true; suspended: number }>()({
    method: 'POST',
    path: '/api/admin/conversations/:id/close',
    input: AdminCloseSchema,
  }),
  adminConversationDismiss: route<{ success: true; resolved: number }>()({
    method: 'POST',
    path: '/api/admin/conversations/:id/dismiss',
  }),
  adminHandledReports: route<HandledReportsPage>()({
    method: 'GET',
    path: '/api/admin/conversations/handled',
    query: HandledReportsQuerySchema,
  }),
  adminSuspensions: route<SuspensionsPage>()({
    method: 'GET',
    path: '/api/admin/messaging-suspensions',
    query: SuspensionsQuerySchema,
  }),
  adminSuspensionLift: route<{ success: true }>()({
    method: 'DELETE',
    path: '/api/admin/users/:id/messaging-suspension',
  }),
  // --- Payments (Stripe Connect, docs/decisions/0230) -----------------------------------------
  /** The mechanic's payouts: status from the connected account (re-read from Stripe). */
  paymentsConnect: route<ConnectView>()({ method: 'GET', path: '/api/payments/connect' }),
  /** The mechanic starts or resumes Stripe's hosted onboarding: the link to open. */
  paymentsConnectStart: route<{ url: string }>()({ method: 'POST', path: '/api/payments/connect' }),
  /** Stripe's events, verified by their Stripe-Signature (the body is read raw). */
  paymentsWebhook: route<{ received: true; duplicate: boolean }>()({
    method: 'POST',
    path: '/api/payments/webhook',
    raw: true,
  }),
  /** The mechanic's earnings from payments (paid, pending, fees), not from estimates. */
  paymentsEarnings: route<EarningsFromPayments>()({ method: 'GET', path: '/api/payments/earnings' }),
  appointmentPayment: route<PaymentView>()({ method: 'GET', path: '/api/appointments/:id/payment' }),
  /** The owner retries the charge of a payment due (after updating the card). */
  appointmentPaymentRetry: route<PaymentView>()({ method: 'POST', path: '/api/appointments/:id/payment/retry' }),
  /** The owner pays this job with the card already saved with Stripe (docs/decisions/0463). */
  appointmentPaymentSavedCard: route<PaymentView>()({
    method: 'POST',
    path: '/api/appointments/:id/payment/saved-card',
  }),
  /** The job's mechanic marks it paid outside Skyward (the owner could not save a working card). */
  appointmentPaymentOutside: route<PaymentView>()({ method: 'POST', path: '/api/appointments/:id/payment/outside' }),
  adminPayments: route<AdminPaymentsPage>()({
    method: 'GET',
    path: '/api/admin/payments',
    query: AdminPaymentsQuerySchema,
  }),
  adminPaymentRefund: route<Envelope<AdminPayment>>()({
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    input: RefundSchema,
  }),
  // --- Aircraft on ground dispatch (docs/decisions/0250-aog-dispatch.md) -------------------------
  aogReport: route<AogCreated>()({ method: 'POST', path: '/api/aog', input: AogReportSchema }),
  /** The caller's own calls: an owner's reports, a mechanic's dispatches; newest first, by `before`. */
  aogMine: route<AogSummary[]>()({ method: 'GET', path: '/api/aog', query: AogPageQuerySchema }),
  aogOpen: route<AogOpenCall[]>()({ method: 'GET', path: '/api/aog/open' }),
  aogAirports: route<AogAirport[]>()({ method: 'GET', path: '/api/aog/airports', query: AogAirportsQuerySchema }),
  aogAvailability: route<AogAvailability>()({ method: 'GET', path: '/api/aog/availability' }),
  aogAvailabilitySave: route<AogAvailability>()({
    method: 'PUT',
    path: '/api/aog/availability',
    input: AogAvailabilitySchema,
  }),
  aogOne: route<AogView>()({ method: 'GET', path: '/api/aog/:id' }),
  aogOffer: route<AogOffer>()({ method: 'POST', path: '/api/aog/:id/offers', input: AogOfferSchema }),
  aogAccept: route<Appointment & { payment?: AcceptPayment }>()({
    method: 'POST',
    path: '/api/aog/:id/offers/:offerId/accept',
  }),
  aogStatus: route<AogView>()({ method: 'POST', path: '/api/aog/:id/status', input: AogStatusSchema }),
  aogCancel: route<AogView>()({ method: 'POST', path: '/api/aog/:id/cancel' }),
  adminAog: route<AogAdminItem[]>()({ method: 'GET', path: '/api/admin/aog', query: AogPageQuerySchema }),
  adminAogAssign: route<Appointment>()({ method: 'POST', path: '/api/admin/aog/:id/assign', input: AogAssignSchema }),
  // --- Dashboard counters and sums from the database (docs/decisions/0203-dashboard-summaries.md) --
  ownerSummary: route<OwnerSummary>()({ method: 'GET', path: '/api/dashboard/owner-summary' }),
  mechanicSummary: route<MechanicSummary>()({
    method: 'GET',
    path: '/api/dashboard/mechanic-summary',
    query: SummaryQuerySchema,
  }),
  /** Unread messages across every thread (the thread list is paged). */
  conversationsUnread: route<{ unread: number }>()({ method: 'GET', path: '/api/conversations/unread' }),
  /** The payments of several appointment cards in one call (docs/decisions/0204). */
  appointmentPayments: route<PaymentBatch>()({
    method: 'GET',
    path: '/api/appointments/payments',
    query: PaymentBatchQuerySchema,
  }),
  // --- A mechanic's cancellation (docs/decisions/0167) ---------------------------------------
  /** The assigned mechanic cancels before work starts, with a reason; any deposit is refunded. */
  appointmentCancelByMechanic: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/cancel',
    input: MechanicCancelSchema,
  }),
  // Issue 28, the console keeps its promises: a customer's detail, an outbox message as sent,
  // and an integration key replaced or removed (docs/decisions/0195-0199).
  adminCustomer: route<Envelope<CustomerDetail>>()({ method: 'GET', path: '/api/admin/customers/:id' }),
  adminOutboxMessage: route<Envelope<OutboxMessage>>()({ method: 'GET', path: '/api/admin/outbox/:id' }),
  adminApiKeyReplace: route<Envelope<ApiKeyView>>()({
    method: 'PUT',
    path: '/api/admin/config/api-keys/:id',
    input: ApiKeyReplaceSchema,
  }),
  adminApiKeyDelete: route<{ success: true; message: string }>()({
    method: 'DELETE',
    path: '/api/admin/config/api-keys/:id',
  }),
  blogViewCounts: route<Envelope<Record<string, number>>>()({ method: 'GET', path: '/api/blog/views' }),
  // Issue 29: the owner's requests are also listed at the collection's own path, as they always were.
  requestsOwnAtBase: route<ServiceRequest[]>()({ method: 'GET', path: '/api/enhanced/quotes' }),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
export type Routes = typeof ROUTES;

/** `route.path` with its `:name` segments filled (each URI-encoded) and the query appended. */
export function pathOf<R extends RouteSpec>(
  route: R,
  options: {
    params?: Record<string, string | number> | undefined;
    query?: Record<string, string | number | boolean | undefined>;
  } = {},
): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
}

import type { z } from './zod.ts';
import { ROLES, type Role } from './roles.ts';
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

/**
 * Who may call a route (docs/decisions/0430), checked by `withApi` before the handler runs:
 * `'public'` anyone; `'signedIn'` any signed-in user (401 otherwise); `{ roles }` a signed-in user
 * of one of these roles (403 otherwise); `{ job }` the same for a route that reads or changes a job,
 * which also refuses a mechanic who is not approved. Rules about which record (the owner of this
 * aircraft, the mechanic dispatched to this call) stay in the feature code, read under its lock.
 */
export type Access = 'public' | 'signedIn' | { readonly roles: readonly Role[] } | { readonly job: readonly Role[] };

export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly access: Access;
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
  authRegister: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    input: RegisterSchema,
  }),
  authLogin: route<AuthResponse>()({ method: 'POST', path: '/api/auth/login', access: 'public', input: LoginSchema }),
  authMe: route<{ user: PublicUser }>()({ method: 'GET', path: '/api/auth/me', access: 'signedIn' }),
  authLogout: route<Done>()({ method: 'POST', path: '/api/auth/logout', access: 'signedIn' }),
  authLogoutAll: route<Done>()({ method: 'POST', path: '/api/auth/logout-all', access: 'signedIn' }),
  authPassword: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/password',
    access: 'signedIn',
    input: ChangePasswordSchema,
  }),
  authPasswordReset: route<Done>()({
    method: 'POST',
    path: '/api/auth/password-reset',
    access: 'public',
    input: PasswordResetRequestSchema,
  }),
  authPasswordResetConfirm: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    access: 'public',
    input: PasswordResetConfirmSchema,
  }),

  // --- Public site ----------------------------------------------------------------------------
  quoteSubmit: route<QuoteResponse>()({
    method: 'POST',
    path: '/api/quotes',
    access: 'public',
    input: QuoteRequestSchema,
  }),
  quotesForAdmin: route<Envelope<AdminQuote[]>>()({
    method: 'GET',
    path: '/api/quotes',
    access: { roles: ['admin'] },
    query: AdminListQuerySchema,
  }),
  leadCapture: route<{ success: true; code?: string; sentTo?: string; emailed?: boolean }>()({
    method: 'POST',
    path: '/api/leads',
    access: 'public',
    input: LeadSchema,
  }),
  leadsForAdmin: route<Envelope<AdminLead[]>>()({
    method: 'GET',
    path: '/api/leads',
    access: { roles: ['admin'] },
    query: AdminListQuerySchema,
  }),
  health: route<{ database: 'ok' }>()({ method: 'GET', path: '/api/health', access: 'public' }),

  // --- Blog -----------------------------------------------------------------------------------
  blogPosts: route<BlogListResponse>()({
    method: 'GET',
    path: '/api/blog/posts',
    access: 'public',
    query: BlogListQuerySchema,
  }),
  blogPost: route<Envelope<BlogPost>>()({ method: 'GET', path: '/api/blog/posts/:slug', access: 'public' }),
  blogCategories: route<Envelope<BlogCategory[]>>()({ method: 'GET', path: '/api/blog/categories', access: 'public' }),
  blogAdminPosts: route<Envelope<BlogPost[] | TrashedBlogPost[]>>()({
    method: 'GET',
    path: '/api/blog/admin/posts',
    access: { roles: ['admin'] },
    query: BlogAdminListQuerySchema,
  }),
  blogAdminRestore: route<Envelope<BlogPost>>()({
    method: 'POST',
    path: '/api/blog/admin/posts/:id/restore',
    access: { roles: ['admin'] },
  }),
  blogAdminPost: route<Envelope<BlogPost>>()({
    method: 'GET',
    path: '/api/blog/admin/posts/:id',
    access: { roles: ['admin'] },
  }),
  blogAdminCreate: route<Envelope<BlogPost>>()({
    method: 'POST',
    path: '/api/blog/admin/posts',
    access: { roles: ['admin'] },
    input: BlogPostSchema,
  }),
  blogAdminUpdate: route<Envelope<BlogPost>>()({
    method: 'PUT',
    path: '/api/blog/admin/posts/:id',
    access: { roles: ['admin'] },
    input: BlogPostPatchSchema,
  }),
  blogAdminDelete: route<{ success: true }>()({
    method: 'DELETE',
    path: '/api/blog/admin/posts/:id',
    access: { roles: ['admin'] },
  }),
  /** Multipart `file` + `alt`, admin only; answers the stored picture (docs/decisions/0400). */
  blogImageUpload: route<BlogImage>()({
    method: 'POST',
    path: '/api/admin/blog/images',
    access: { roles: ['admin'] },
    raw: true,
  }),
  /** An uploaded picture, public, cached for a year (its name is its content's hash). */
  blogImage: route<Blob>()({ method: 'GET', path: '/api/blog/images/:name', access: 'public', raw: true }),
  blogAdminGenerate: route<{ success: true; posts_created: number }>()({
    method: 'POST',
    path: '/api/blog/admin/generate-initial-content',
    access: { roles: ['admin'] },
  }),
  blogAdminGenerateSummary: route<Envelope<GenerateSummary>>()({
    method: 'GET',
    path: '/api/blog/admin/generate-initial-content',
    access: { roles: ['admin'] },
  }),
  /** Counts one read of an article and answers the total (the cached GET counts nothing: docs/decisions/0202). */
  blogPostView: route<Envelope<{ views: number }>>()({
    method: 'POST',
    path: '/api/blog/posts/:slug/view',
    access: 'public',
  }),

  // --- Marketplace ----------------------------------------------------------------------------
  aircraftList: route<Aircraft[]>()({ method: 'GET', path: '/api/aircraft', access: { roles: ['pilot', 'admin'] } }),
  aircraftAdd: route<Aircraft>()({
    method: 'POST',
    path: '/api/aircraft',
    access: { roles: ['pilot'] },
    input: AircraftSchema,
  }),
  requestsList: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes',
    access: { roles: ['pilot', 'admin'] },
  }),
  requestsOwn: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes/user',
    access: { roles: ['pilot', 'admin'] },
  }),
  requestsMatched: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes/mechanic',
    access: { roles: ['mechanic'] },
  }),
  request: route<ServiceRequest>()({ method: 'GET', path: '/api/enhanced/quotes/:id', access: 'signedIn' }),
  requestCreate: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/enhanced/quotes',
    access: { roles: ['pilot'] },
    input: ServiceRequestSchema,
  }),
  requestBid: route<Bid>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/bid',
    access: { roles: ['mechanic'] },
    input: BidWithDepositSchema,
  }),
  requestAccept: route<AcceptResult>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/accept',
    access: { roles: ['pilot'] },
    input: AcceptWithDecisionsSchema,
  }),
  changeOrders: route<ChangeOrder[]>()({
    method: 'GET',
    path: '/api/appointments/:id/change-orders',
    access: { job: ROLES },
  }),
  changeOrderCreate: route<ChangeOrder>()({
    method: 'POST',
    path: '/api/appointments/:id/change-orders',
    access: { job: ['mechanic'] },
    input: ChangeOrderSchema,
  }),
  changeOrderDecide: route<ChangeOrder>()({
    method: 'POST',
    path: '/api/appointments/:id/change-orders/:changeOrderId/decide',
    access: { roles: ['pilot'] },
    input: DecideChangeOrderSchema,
  }),
  workOrder: route<WorkOrder>()({ method: 'GET', path: '/api/appointments/:id/work-order', access: { job: ROLES } }),
  // --- Signed maintenance records (docs/decisions/0130-signed-maintenance-records.md) ----------
  record: route<RecordView>()({ method: 'GET', path: '/api/appointments/:id/record', access: { job: ROLES } }),
  recordUpdate: route<RecordView>()({
    method: 'PUT',
    path: '/api/appointments/:id/record',
    access: { job: ROLES },
    input: RecordPatchSchema,
  }),
  recordSign: route<RecordView>()({
    method: 'POST',
    path: '/api/appointments/:id/record/sign',
    access: { job: ROLES },
    input: SignRecordSchema,
  }),
  recordCorrect: route<RecordView>()({
    method: 'POST',
    path: '/api/appointments/:id/record/correct',
    access: { job: ROLES },
  }),
  /** The annuals a quote named this IA to sign, waiting for the signature (docs/decisions/0140). */
  recordsToSign: route<RecordToSign[]>()({
    method: 'GET',
    path: '/api/records/to-sign',
    access: { job: ['mechanic'] },
  }),
  logbook: route<MaintenanceRecord[]>()({
    method: 'GET',
    path: '/api/aircraft/:id/logbook',
    access: { roles: ['pilot'] },
  }),
  logbookPdf: route<Blob>()({
    method: 'GET',
    path: '/api/aircraft/:id/logbook/pdf',
    access: { roles: ['pilot'] },
    raw: true,
  }),
  /** The aircraft's records packet (docs/decisions/0398): a PDF, or with ?format=json a `RecordsPacket`. */
  recordsPacket: route<Blob | RecordsPacket>()({
    method: 'GET',
    path: '/api/aircraft/:id/records-packet',
    access: { roles: ['pilot'] },
    raw: true,
    query: RecordsPacketQuerySchema,
  }),
  requestCancel: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/cancel',
    access: { roles: ['pilot'] },
  }),
  appointmentsOwn: route<Appointment[]>()({
    method: 'GET',
    path: '/api/appointments',
    access: { roles: ['pilot', 'admin'] },
  }),
  appointmentsAssigned: route<Appointment[]>()({
    method: 'GET',
    path: '/api/appointments/mechanic',
    access: { roles: ['mechanic'] },
  }),
  appointmentConfirm: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/confirm',
    access: { job: ROLES },
    input: AppointmentActionSchema,
  }),
  appointmentStart: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/start',
    access: { job: ROLES },
    input: AppointmentActionSchema,
  }),
  appointmentComplete: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/complete',
    access: { job: ROLES },
    input: AppointmentCompleteSchema,
  }),
  appointmentRate: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/rate',
    access: { roles: ['pilot'] },
    input: RatingSchema,
  }),
  mechanicProfile: route<MechanicProfile>()({
    method: 'GET',
    path: '/api/enhanced/mechanic-profile',
    access: { roles: ['mechanic'] },
  }),
  /** A mechanic as the owners they quoted see them (docs/decisions/0150). */
  mechanicPublicProfile: route<PublicMechanicProfile>()({
    method: 'GET',
    path: '/api/mechanics/:id/profile',
    access: 'signedIn',
  }),
  mechanicProfileSave: route<MechanicProfile>()({
    method: 'POST',
    path: '/api/enhanced/mechanic-profile',
    access: { roles: ['mechanic'] },
    input: MechanicProfileSchema,
  }),
  notifications: route<Notification[]>()({
    method: 'GET',
    path: '/api/enhanced/notifications',
    access: 'signedIn',
    query: NotificationsQuerySchema,
  }),
  notificationRead: route<Notification>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/:id/read',
    access: 'signedIn',
  }),
  notificationsReadAll: route<{ success: true; updated: number }>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/read-all',
    access: 'signedIn',
  }),
  emailPreference: route<{ emailNotifications: boolean }>()({
    method: 'GET',
    path: '/api/enhanced/notifications/preferences',
    access: 'signedIn',
  }),
  emailPreferenceSave: route<{ emailNotifications: boolean }>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/preferences',
    access: 'signedIn',
    input: EmailPreferenceSchema,
  }),

  // --- Maintenance tracking (docs/decisions/0100-maintenance-tracking.md) ---------------------
  // Deletes answer 204 with no body (`replyWith(route, new Response(null, { status: 204 }))`).
  aircraftOne: route<Aircraft>()({ method: 'GET', path: '/api/aircraft/:id', access: 'signedIn' }),
  aircraftUpdate: route<Aircraft>()({
    method: 'PATCH',
    path: '/api/aircraft/:id',
    access: 'signedIn',
    input: AircraftPatchSchema,
  }),
  aircraftDelete: route<void>()({ method: 'DELETE', path: '/api/aircraft/:id', access: 'signedIn' }),
  aircraftHours: route<HoursReading>()({
    method: 'POST',
    path: '/api/aircraft/:id/hours',
    access: 'signedIn',
    input: HoursSchema,
  }),
  maintenance: route<MaintenanceView>()({ method: 'GET', path: '/api/aircraft/:id/maintenance', access: 'signedIn' }),
  maintenanceItemAdd: route<MaintenanceItem>()({
    method: 'POST',
    path: '/api/aircraft/:id/maintenance',
    access: 'signedIn',
    input: ItemCreateSchema,
  }),
  maintenanceItemUpdate: route<MaintenanceItem>()({
    method: 'PATCH',
    path: '/api/aircraft/:id/maintenance/:itemId',
    access: 'signedIn',
    input: ItemPatchSchema,
  }),
  maintenanceItemDelete: route<void>()({
    method: 'DELETE',
    path: '/api/aircraft/:id/maintenance/:itemId',
    access: 'signedIn',
  }),
  maintenanceRequest: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/aircraft/:id/maintenance/request',
    access: 'signedIn',
    input: MaintenanceRequestSchema,
  }),
  squawkAdd: route<Squawk>()({
    method: 'POST',
    path: '/api/aircraft/:id/squawks',
    access: 'signedIn',
    input: SquawkCreateSchema,
  }),
  squawkUpdate: route<Squawk>()({
    method: 'PATCH',
    path: '/api/aircraft/:id/squawks/:squawkId',
    access: 'signedIn',
    input: SquawkPatchSchema,
  }),
  requestMaintenance: route<RequestMaintenance>()({
    method: 'GET',
    path: '/api/enhanced/quotes/:id/maintenance',
    access: 'signedIn',
  }),
  requestMaintenanceComplete: route<RequestMaintenance>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/maintenance',
    access: { roles: ['mechanic'] },
    input: MaintenanceCompletionSchema,
  }),

  // --- Documents vault (docs/decisions/0060) --------------------------------------------------
  documents: route<VaultDocument[]>()({
    method: 'GET',
    path: '/api/enhanced/documents',
    access: 'signedIn',
    query: DocumentsQuerySchema,
  }),
  document: route<VaultDocument>()({ method: 'GET', path: '/api/enhanced/documents/:id', access: 'signedIn' }),
  documentDownload: route<Blob>()({
    method: 'GET',
    path: '/api/enhanced/documents/:id/download',
    access: 'signedIn',
    raw: true,
  }),
  documentDelete: route<{ success: true; id: string }>()({
    method: 'DELETE',
    path: '/api/enhanced/documents/:id',
    access: 'signedIn',
  }),
  documentUpload: route<VaultDocument>()({
    method: 'POST',
    path: '/api/enhanced/documents/upload',
    access: 'signedIn',
    raw: true,
  }),
  uploadStart: route<UploadSession>()({
    method: 'POST',
    path: '/api/enhanced/documents/uploads',
    access: 'signedIn',
    input: UploadSessionSchema,
  }),
  uploadChunk: route<ChunkReceipt>()({
    method: 'PUT',
    path: '/api/enhanced/documents/uploads/:uploadId/chunks/:index',
    access: 'signedIn',
    raw: true,
  }),
  uploadComplete: route<VaultDocument>()({
    method: 'POST',
    path: '/api/enhanced/documents/uploads/:uploadId/complete',
    access: 'signedIn',
  }),
  uploadAbort: route<UploadAborted>()({
    method: 'DELETE',
    path: '/api/enhanced/documents/uploads/:uploadId',
    access: 'signedIn',
  }),

  // --- Admin console --------------------------------------------------------------------------
  adminDashboard: route<Envelope<DashboardStats>>()({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: { roles: ['admin'] },
  }),
  adminCustomers: route<CustomersPage>()({
    method: 'GET',
    path: '/api/admin/customers',
    access: { roles: ['admin'] },
    query: CustomersQuerySchema,
  }),
  adminMechanics: route<MechanicForReview[]>()({
    method: 'GET',
    path: '/api/admin/mechanics',
    access: { roles: ['admin'] },
    query: MechanicListQuerySchema,
  }),
  adminMechanicApprove: route<MechanicForReview>()({
    method: 'POST',
    path: '/api/admin/mechanics/:id/approve',
    access: { roles: ['admin'] },
    input: ApproveMechanicSchema,
  }),
  adminMechanicReject: route<MechanicForReview>()({
    method: 'POST',
    path: '/api/admin/mechanics/:id/reject',
    access: { roles: ['admin'] },
    input: RejectMechanicSchema,
  }),
  // FAA airmen file (docs/decisions/0120): multipart (month, basic, cert) or JSON to start a chunked import.
  adminAirmenFile: route<AirmenImport | null>()({
    method: 'GET',
    path: '/api/admin/airmen-file',
    access: { roles: ['admin'] },
  }),
  adminAirmenFileStart: route<AirmenImport>()({
    method: 'POST',
    path: '/api/admin/airmen-file',
    access: { roles: ['admin'] },
    input: AirmenImportStartSchema,
  }),
  adminAirmenFileChunk: route<AirmenImport>()({
    method: 'PUT',
    path: '/api/admin/airmen-file/:id/:file/chunks/:index',
    access: { roles: ['admin'] },
    raw: true,
  }),
  adminUserUnlock: route<Done>()({ method: 'POST', path: '/api/admin/users/:id/unlock', access: { roles: ['admin'] } }),
  adminOutbox: route<{ success: true; delivery: OutboxDelivery } & OutboxPage>()({
    method: 'GET',
    path: '/api/admin/outbox',
    access: { roles: ['admin'] },
    query: OutboxListQuerySchema,
  }),
  adminOutboxDeliver: route<Envelope<DeliveryReport>>()({
    method: 'POST',
    path: '/api/admin/outbox/deliver',
    access: { roles: ['admin'] },
  }),
  adminOutboxRetry: route<{ success: true }>()({
    method: 'POST',
    path: '/api/admin/outbox/:id/retry',
    access: { roles: ['admin'] },
  }),
  adminConfig: route<Envelope<ConfigEntry[]>>()({
    method: 'GET',
    path: '/api/admin/config',
    access: { roles: ['admin'] },
  }),
  adminApiKeysAll: route<Envelope<ApiKeyView[]>>()({
    method: 'GET',
    path: '/api/admin/config/api-keys',
    access: { roles: ['admin'] },
  }),
  adminApiKeys: route<Envelope<ApiKeyView[]>>()({
    method: 'GET',
    path: '/api/admin/config/api-keys/:integration',
    access: { roles: ['admin'] },
  }),
  adminApiKeyCreate: route<Envelope<ApiKeyView>>()({
    method: 'POST',
    path: '/api/admin/config/api-keys',
    access: { roles: ['admin'] },
    input: ApiKeyFormSchema,
  }),
  adminApiKeyStatus: route<Envelope<ApiKeyView>>()({
    method: 'PUT',
    path: '/api/admin/config/api-keys/:id/status',
    access: { roles: ['admin'] },
    query: ApiKeyStatusQuerySchema,
  }),
  adminApiKeyRotate: route<Done>()({
    method: 'POST',
    path: '/api/admin/config/api-keys/:integration/rotate',
    access: { roles: ['admin'] },
    query: RotateQuerySchema,
  }),
  adminApiKeyRotatePreview: route<Envelope<RotationPreview>>()({
    method: 'GET',
    path: '/api/admin/config/api-keys/:integration/rotate',
    access: { roles: ['admin'] },
    query: RotateQuerySchema,
  }),
  adminTestIntegration: route<IntegrationTestResult>()({
    method: 'POST',
    path: '/api/admin/config/test-integration/:integration',
    access: { roles: ['admin'] },
  }),
  adminSettingsAll: route<Envelope<SettingView[]>>()({
    method: 'GET',
    path: '/api/admin/config/settings',
    access: { roles: ['admin'] },
  }),
  adminSettings: route<Envelope<SettingView[]>>()({
    method: 'GET',
    path: '/api/admin/config/settings/:category',
    access: { roles: ['admin'] },
  }),
  adminSetting: route<Envelope<SettingView>>()({
    method: 'GET',
    path: '/api/admin/config/settings/:category/:key',
    access: { roles: ['admin'] },
  }),
  adminSettingSave: route<Envelope<SettingView>>()({
    method: 'PUT',
    path: '/api/admin/config/settings/:category/:key',
    access: { roles: ['admin'] },
    input: SettingFormSchema,
  }),
  adminReferral: route<Envelope<ReferralProgramView>>()({
    method: 'GET',
    path: '/api/admin/config/referral-program',
    access: { roles: ['admin'] },
  }),
  adminReferralSave: route<Envelope<ReferralProgramView>>()({
    method: 'PUT',
    path: '/api/admin/config/referral-program',
    access: { roles: ['admin'] },
    input: ReferralProgramSchema,
  }),
  adminTemplates: route<Envelope<EmailTemplateView[]>>()({
    method: 'GET',
    path: '/api/admin/config/email-templates',
    access: { roles: ['admin'] },
  }),
  adminTemplate: route<Envelope<EmailTemplateView>>()({
    method: 'GET',
    path: '/api/admin/config/email-templates/:id',
    access: { roles: ['admin'] },
  }),
  adminTemplateCreate: route<Envelope<EmailTemplateView>>()({
    method: 'POST',
    path: '/api/admin/config/email-templates',
    access: { roles: ['admin'] },
    input: EmailTemplateSchema,
  }),
  adminTemplateUpdate: route<Envelope<EmailTemplateView>>()({
    method: 'PUT',
    path: '/api/admin/config/email-templates/:id',
    access: { roles: ['admin'] },
    input: EmailTemplateSchema,
  }),
  adminTemplateStatus: route<Envelope<EmailTemplateView>>()({
    method: 'PUT',
    path: '/api/admin/config/email-templates/:id/status',
    access: { roles: ['admin'] },
    input: EmailTemplateStatusSchema,
  }),
  adminTemplatePreview: route<Envelope<EmailPreview>>()({
    method: 'POST',
    path: '/api/admin/config/email-templates/:id/preview',
    access: { roles: ['admin'] },
    input: PreviewSampleSchema,
  }),

  // --- Marketing (lead search) ----------------------------------------------------------------
  marketingKeywords: route<Envelope<SuggestedKeywords>>()({
    method: 'GET',
    path: '/api/apollo/suggested-keywords',
    access: { roles: ['admin'] },
  }),
  marketingStates: route<Envelope<UsState[]>>()({
    method: 'GET',
    path: '/api/apollo/states',
    access: { roles: ['admin'] },
  }),
  marketingAnalytics: route<Envelope<LeadAnalytics>>()({
    method: 'GET',
    path: '/api/apollo/analytics',
    access: { roles: ['admin'] },
  }),
  marketingLeads: route<Envelope<MarketingLead[]> & { pagination: Pagination }>()({
    method: 'GET',
    path: '/api/apollo/leads',
    access: { roles: ['admin'] },
    query: LeadListQuerySchema,
  }),
  marketingSearch: route<LeadSearchResponse>()({
    method: 'POST',
    path: '/api/apollo/search',
    access: { roles: ['admin'] },
    input: LeadSearchSchema,
  }),
  marketingTags: route<{ success: true; updated: number; message: string }>()({
    method: 'PUT',
    path: '/api/apollo/leads/tags',
    access: { roles: ['admin'] },
    input: LeadTagsSchema,
  }),

  // --- Public site settings (docs/decisions/0190-settings-catalog.md) --------------------------
  siteSettings: route<Envelope<SiteSettings>>()({ method: 'GET', path: '/api/site/settings', access: 'public' }),
  // --- Appointment times, calendar and contacts (docs/decisions/0171) ---------------------------
  appointmentPropose: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/proposals',
    access: 'signedIn',
    input: ProposalSchema,
  }),
  appointmentProposalAccept: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/proposals/:proposalId/accept',
    access: 'signedIn',
    input: AcceptProposalSchema,
  }),
  appointmentWhereabouts: route<Appointment>()({
    method: 'PUT',
    path: '/api/appointments/:id/whereabouts',
    access: 'signedIn',
    input: WhereaboutsSchema,
  }),
  appointmentContacts: route<AppointmentParties>()({
    method: 'GET',
    path: '/api/appointments/:id/contacts',
    access: 'signedIn',
  }),
  appointmentCalendar: route<Blob>()({
    method: 'GET',
    path: '/api/appointments/:id/calendar.ics',
    access: 'signedIn',
    raw: true,
  }),
  // --- Instant booking (docs/decisions/0240-instant-booking.md) ----------------------------------
  bookingRates: route<Rate[]>()({
    method: 'GET',
    path: '/api/enhanced/mechanic-profile/rates',
    access: { roles: ['mechanic'] },
  }),
  bookingRatesSave: route<Rate[]>()({
    method: 'PUT',
    path: '/api/enhanced/mechanic-profile/rates',
    access: { roles: ['mechanic'] },
    input: RatesSchema,
  }),
  bookingAvailability: route<Availability>()({
    method: 'GET',
    path: '/api/enhanced/mechanic-profile/availability',
    access: { roles: ['mechanic'] },
  }),
  bookingAvailabilitySave: route<Availability>()({
    method: 'PUT',
    path: '/api/enhanced/mechanic-profile/availability',
    access: { roles: ['mechanic'] },
    input: AvailabilitySchema,
  }),
  bookingOffers: route<BookingOffer[]>()({
    method: 'GET',
    path: '/api/booking/offers',
    access: 'signedIn',
    query: OffersQuerySchema,
  }),
  bookingHold: route<BookingHold>()({
    method: 'POST',
    path: '/api/booking/holds',
    access: 'signedIn',
    input: HoldSchema,
  }),
  bookingHoldRelease: route<{ success: true }>()({
    method: 'DELETE',
    path: '/api/booking/holds/:id',
    access: 'signedIn',
  }),
  bookingHoldConfirm: route<Appointment & { payment?: AcceptPayment }>()({
    method: 'POST',
    path: '/api/booking/holds/:id/confirm',
    access: 'signedIn',
  }),
  calendarFeed: route<string>()({ method: 'GET', path: '/api/calendar/:token.ics', access: 'public', raw: true }),
  // A booking after confirmation: the owner moves or cancels it inside its window (docs/decisions/0241).
  bookingOpenStarts: route<{ openStarts: string[]; freeUntil: string }>()({
    method: 'GET',
    path: '/api/booking/appointments/:id/open-starts',
    access: 'signedIn',
  }),
  bookingReschedule: route<Appointment>()({
    method: 'POST',
    path: '/api/booking/appointments/:id/reschedule',
    access: 'signedIn',
    input: RescheduleSchema,
  }),
  bookingCancel: route<Appointment>()({
    method: 'POST',
    path: '/api/booking/appointments/:id/cancel',
    access: 'signedIn',
  }),
  // Issue 27, point 4: a job whose mechanic was rejected or suspended, re-listed as a new request.
  requestRelist: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/relist',
    access: { roles: ['pilot'] },
  }),
  // --- The business's inbox (docs/decisions/0210-business-inbox.md) ---------------------------
  adminInboxQuotes: route<InboxPage>()({
    method: 'GET',
    path: '/api/admin/quotes',
    access: { roles: ['admin'] },
    query: InboxListQuerySchema,
  }),
  adminInboxLeads: route<InboxPage>()({
    method: 'GET',
    path: '/api/admin/leads',
    access: { roles: ['admin'] },
    query: InboxListQuerySchema,
  }),
  adminInboxQuote: route<InboxDetail>()({ method: 'GET', path: '/api/admin/quotes/:id', access: { roles: ['admin'] } }),
  adminInboxLead: route<InboxDetail>()({ method: 'GET', path: '/api/admin/leads/:id', access: { roles: ['admin'] } }),
  adminInboxQuotePatch: route<InboxDetail>()({
    method: 'PATCH',
    path: '/api/admin/quotes/:id',
    access: { roles: ['admin'] },
    input: InboxPatchSchema,
  }),
  adminInboxLeadPatch: route<InboxDetail>()({
    method: 'PATCH',
    path: '/api/admin/leads/:id',
    access: { roles: ['admin'] },
    input: InboxPatchSchema,
  }),
  adminInboxQuoteNote: route<InboxEvent>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/notes',
    access: { roles: ['admin'] },
    input: InboxNoteSchema,
  }),
  adminInboxLeadNote: route<InboxEvent>()({
    method: 'POST',
    path: '/api/admin/leads/:id/notes',
    access: { roles: ['admin'] },
    input: InboxNoteSchema,
  }),
  adminInboxQuoteReply: route<{ success: true; messageId: string }>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/reply',
    access: { roles: ['admin'] },
    input: InboxReplySchema,
  }),
  adminInboxLeadReply: route<{ success: true; messageId: string }>()({
    method: 'POST',
    path: '/api/admin/leads/:id/reply',
    access: { roles: ['admin'] },
    input: InboxReplySchema,
  }),
  adminInboxQuoteMerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/merge',
    access: { roles: ['admin'] },
    input: InboxMergeSchema,
  }),
  adminInboxLeadMerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/leads/:id/merge',
    access: { roles: ['admin'] },
    input: InboxMergeSchema,
  }),
  adminInboxQuoteUnmerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/unmerge',
    access: { roles: ['admin'] },
    input: InboxMergeSchema,
  }),
  adminInboxLeadUnmerge: route<InboxDetail>()({
    method: 'POST',
    path: '/api/admin/leads/:id/unmerge',
    access: { roles: ['admin'] },
    input: InboxMergeSchema,
  }),
  adminInboxQuoteConvert: route<ConvertResult>()({
    method: 'POST',
    path: '/api/admin/quotes/:id/convert',
    access: { roles: ['admin'] },
  }),
  adminInboxSummary: route<InboxSummary>()({
    method: 'GET',
    path: '/api/admin/inbox/summary',
    access: { roles: ['admin'] },
  }),
  adminInboxAdministrators: route<{ items: InboxPerson[] }>()({
    method: 'GET',
    path: '/api/admin/inbox/administrators',
    access: { roles: ['admin'] },
  }),
  adminInboxExport: route<string>()({
    method: 'GET',
    path: '/api/admin/inbox/export',
    access: { roles: ['admin'] },
    query: InboxExportQuerySchema,
    raw: true,
  }),
  adminFunnel: route<Funnel>()({
    method: 'GET',
    path: '/api/admin/funnel',
    access: { roles: ['admin'] },
    query: FunnelQuerySchema,
  }),
  invitationClaim: route<InvitationClaim>()({
    method: 'POST',
    path: '/api/inbox/invitations/claim',
    access: 'signedIn',
    input: InvitationClaimSchema,
  }),
  // --- Conversations (docs/decisions/0220-conversations.md) ----------------------------------
  conversations: route<ConversationSummary[]>()({ method: 'GET', path: '/api/conversations', access: 'signedIn' }),
  conversationOpen: route<ConversationSummary>()({
    method: 'POST',
    path: '/api/conversations',
    access: 'signedIn',
    input: OpenConversationSchema,
  }),
  conversation: route<ThreadPage>()({
    method: 'GET',
    path: '/api/conversations/:id',
    access: 'signedIn',
    query: ThreadQuerySchema,
  }),
  conversationUpdates: route<ThreadUpdates>()({
    method: 'GET',
    path: '/api/conversations/:id/updates',
    access: 'signedIn',
    query: UpdatesQuerySchema,
  }),
  conversationSend: route<ThreadMessage>()({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    access: 'signedIn',
    input: SendMessageSchema,
  }),
  conversationReport: route<{ success: true }>()({
    method: 'POST',
    path: '/api/conversations/:id/messages/:messageId/report',
    access: 'signedIn',
    input: ReportMessageSchema,
  }),
  conversationAttachment: route<Blob>()({
    method: 'GET',
    path: '/api/conversations/:id/attachments/:documentId',
    access: 'signedIn',
    raw: true,
  }),
  messageSettings: route<MessageSettings>()({ method: 'GET', path: '/api/message-settings', access: 'signedIn' }),
  messageSettingsSave: route<MessageSettings>()({
    method: 'PUT',
    path: '/api/message-settings',
    access: 'signedIn',
    input: MessageSettingsSchema,
  }),
  adminConversations: route<ReportedConversation[]>()({
    method: 'GET',
    path: '/api/admin/conversations',
    access: { roles: ['admin'] },
    query: AdminConversationsQuerySchema,
  }),
  adminConversationClose: route<{ success: true; suspended: number }>()({
    method: 'POST',
    path: '/api/admin/conversations/:id/close',
    access: { roles: ['admin'] },
    input: AdminCloseSchema,
  }),
  adminConversationDismiss: route<{ success: true; resolved: number }>()({
    method: 'POST',
    path: '/api/admin/conversations/:id/dismiss',
    access: { roles: ['admin'] },
  }),
  adminHandledReports: route<HandledReportsPage>()({
    method: 'GET',
    path: '/api/admin/conversations/handled',
    access: { roles: ['admin'] },
    query: HandledReportsQuerySchema,
  }),
  adminSuspensions: route<SuspensionsPage>()({
    method: 'GET',
    path: '/api/admin/messaging-suspensions',
    access: { roles: ['admin'] },
    query: SuspensionsQuerySchema,
  }),
  adminSuspensionLift: route<{ success: true }>()({
    method: 'DELETE',
    path: '/api/admin/users/:id/messaging-suspension',
    access: { roles: ['admin'] },
  }),
  // --- Payments (Stripe Connect, docs/decisions/0230) -----------------------------------------
  /** The mechanic's payouts: status from the connected account (re-read from Stripe). */
  paymentsConnect: route<ConnectView>()({
    method: 'GET',
    path: '/api/payments/connect',
    access: { roles: ['mechanic'] },
  }),
  /** The mechanic starts or resumes Stripe's hosted onboarding: the link to open. */
  paymentsConnectStart: route<{ url: string }>()({
    method: 'POST',
    path: '/api/payments/connect',
    access: { roles: ['mechanic'] },
  }),
  /** Stripe's events, verified by their Stripe-Signature (the body is read raw). */
  paymentsWebhook: route<{ received: true; duplicate: boolean }>()({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
    raw: true,
  }),
  /** The mechanic's earnings from payments (paid, pending, fees), not from estimates. */
  paymentsEarnings: route<EarningsFromPayments>()({
    method: 'GET',
    path: '/api/payments/earnings',
    access: { roles: ['mechanic'] },
  }),
  appointmentPayment: route<PaymentView>()({
    method: 'GET',
    path: '/api/appointments/:id/payment',
    access: 'signedIn',
  }),
  /** The owner retries the charge of a payment due (after updating the card). */
  appointmentPaymentRetry: route<PaymentView>()({
    method: 'POST',
    path: '/api/appointments/:id/payment/retry',
    access: 'signedIn',
  }),
  /** The job's mechanic marks it paid outside Skyward (the owner could not save a working card). */
  appointmentPaymentOutside: route<PaymentView>()({
    method: 'POST',
    path: '/api/appointments/:id/payment/outside',
    access: 'signedIn',
  }),
  adminPayments: route<AdminPaymentsPage>()({
    method: 'GET',
    path: '/api/admin/payments',
    access: { roles: ['admin'] },
    query: AdminPaymentsQuerySchema,
  }),
  adminPaymentRefund: route<Envelope<AdminPayment>>()({
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    access: { roles: ['admin'] },
    input: RefundSchema,
  }),
  // --- Aircraft on ground dispatch (docs/decisions/0250-aog-dispatch.md) -------------------------
  aogReport: route<AogCreated>()({ method: 'POST', path: '/api/aog', access: 'signedIn', input: AogReportSchema }),
  /** The caller's own calls: an owner's reports, a mechanic's dispatches; newest first, by `before`. */
  aogMine: route<AogSummary[]>()({
    method: 'GET',
    path: '/api/aog',
    access: { job: ['pilot', 'mechanic'] },
    query: AogPageQuerySchema,
  }),
  aogOpen: route<AogOpenCall[]>()({ method: 'GET', path: '/api/aog/open', access: { job: ['mechanic'] } }),
  aogAirports: route<AogAirport[]>()({
    method: 'GET',
    path: '/api/aog/airports',
    access: 'signedIn',
    query: AogAirportsQuerySchema,
  }),
  aogAvailability: route<AogAvailability>()({
    method: 'GET',
    path: '/api/aog/availability',
    access: { roles: ['mechanic'] },
  }),
  aogAvailabilitySave: route<AogAvailability>()({
    method: 'PUT',
    path: '/api/aog/availability',
    access: { roles: ['mechanic'] },
    input: AogAvailabilitySchema,
  }),
  aogOne: route<AogView>()({ method: 'GET', path: '/api/aog/:id', access: { job: ROLES } }),
  aogOffer: route<AogOffer>()({
    method: 'POST',
    path: '/api/aog/:id/offers',
    access: { job: ['mechanic'] },
    input: AogOfferSchema,
  }),
  aogAccept: route<Appointment & { payment?: AcceptPayment }>()({
    method: 'POST',
    path: '/api/aog/:id/offers/:offerId/accept',
    access: 'signedIn',
  }),
  aogStatus: route<AogView>()({
    method: 'POST',
    path: '/api/aog/:id/status',
    access: { job: ROLES },
    input: AogStatusSchema,
  }),
  aogCancel: route<AogView>()({ method: 'POST', path: '/api/aog/:id/cancel', access: 'signedIn' }),
  adminAog: route<AogAdminItem[]>()({
    method: 'GET',
    path: '/api/admin/aog',
    access: { roles: ['admin'] },
    query: AogPageQuerySchema,
  }),
  adminAogAssign: route<Appointment>()({
    method: 'POST',
    path: '/api/admin/aog/:id/assign',
    access: { roles: ['admin'] },
    input: AogAssignSchema,
  }),
  // --- Dashboard counters and sums from the database (docs/decisions/0203-dashboard-summaries.md) --
  ownerSummary: route<OwnerSummary>()({
    method: 'GET',
    path: '/api/dashboard/owner-summary',
    access: { roles: ['pilot', 'admin'] },
  }),
  mechanicSummary: route<MechanicSummary>()({
    method: 'GET',
    path: '/api/dashboard/mechanic-summary',
    access: { roles: ['mechanic'] },
    query: SummaryQuerySchema,
  }),
  /** Unread messages across every thread (the thread list is paged). */
  conversationsUnread: route<{ unread: number }>()({
    method: 'GET',
    path: '/api/conversations/unread',
    access: 'signedIn',
  }),
  /** The payments of several appointment cards in one call (docs/decisions/0204). */
  appointmentPayments: route<PaymentBatch>()({
    method: 'GET',
    path: '/api/appointments/payments',
    access: 'signedIn',
    query: PaymentBatchQuerySchema,
  }),
  // --- A mechanic's cancellation (docs/decisions/0167) ---------------------------------------
  /** The assigned mechanic cancels before work starts, with a reason; any deposit is refunded. */
  appointmentCancelByMechanic: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/cancel',
    access: { job: ['mechanic'] },
    input: MechanicCancelSchema,
  }),
  // Issue 28, the console keeps its promises: a customer's detail, an outbox message as sent,
  // and an integration key replaced or removed (docs/decisions/0195-0199).
  adminCustomer: route<Envelope<CustomerDetail>>()({
    method: 'GET',
    path: '/api/admin/customers/:id',
    access: { roles: ['admin'] },
  }),
  adminOutboxMessage: route<Envelope<OutboxMessage>>()({
    method: 'GET',
    path: '/api/admin/outbox/:id',
    access: { roles: ['admin'] },
  }),
  adminApiKeyReplace: route<Envelope<ApiKeyView>>()({
    method: 'PUT',
    path: '/api/admin/config/api-keys/:id',
    access: { roles: ['admin'] },
    input: ApiKeyReplaceSchema,
  }),
  adminApiKeyDelete: route<{ success: true; message: string }>()({
    method: 'DELETE',
    path: '/api/admin/config/api-keys/:id',
    access: { roles: ['admin'] },
  }),
  blogViewCounts: route<Envelope<Record<string, number>>>()({
    method: 'GET',
    path: '/api/blog/views',
    access: 'public',
  }),
  // Issue 29: the owner's requests are also listed at the collection's own path, as they always were.
  requestsOwnAtBase: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes',
    access: { roles: ['pilot', 'admin'] },
  }),
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

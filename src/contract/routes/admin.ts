import {
  ApiKeyFormSchema,
  ApiKeyReplaceSchema,
  ApiKeyStatusQuerySchema,
  type ApiKeyView,
  type IntegrationTestResult,
  RotateQuerySchema,
  type RotationPreview,
} from '../admin-api-keys.ts';
import {
  type EmailPreview,
  EmailTemplateSchema,
  EmailTemplateStatusSchema,
  type EmailTemplateView,
  PreviewSampleSchema,
} from '../admin-email-templates.ts';
import { ReferralProgramSchema, type ReferralProgramView } from '../admin-referral.ts';
import { type ConfigEntry, SettingFormSchema, type SettingView } from '../admin-settings.ts';
import { AirmenImportStartSchema, type AirmenImport } from '../airmen-file.ts';
import { AdminListQuerySchema, type AdminLead, type AdminQuote, type DashboardStats } from '../admin-dashboard.ts';
import { CustomersQuerySchema, type CustomerDetail, type CustomersPage } from '../customers.ts';
import {
  ApproveMechanicSchema,
  MechanicListQuerySchema,
  RejectMechanicSchema,
  type MechanicForReview,
} from '../mechanic-vetting.ts';
import {
  OutboxListQuerySchema,
  type DeliveryReport,
  type OutboxDelivery,
  type OutboxMessage,
  type OutboxPage,
} from '../outbox.ts';
import { type Done, type Envelope, route, type RouteSpec } from './route.ts';

/** The admin console: dashboard, people, vetting, airmen file, outbox, configuration: its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  quotesForAdmin: route<Envelope<AdminQuote[]>>()({
    method: 'GET',
    path: '/api/quotes',
    access: { roles: ['admin'] },
    query: AdminListQuerySchema,
  }),
  leadsForAdmin: route<Envelope<AdminLead[]>>()({
    method: 'GET',
    path: '/api/leads',
    access: { roles: ['admin'] },
    query: AdminListQuerySchema,
  }),
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
  // The console keeps its promises: a customer's detail, an outbox message as sent, and an
  // integration key replaced or removed (docs/decisions/0195-0199).
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
} as const satisfies Record<string, RouteSpec>;

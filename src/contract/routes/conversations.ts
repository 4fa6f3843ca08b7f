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
} from '../conversations.ts';
import { route, type RouteSpec } from './route.ts';

/** Conversations and their moderation (docs/decisions/0220-conversations.md): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
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
  /** Unread messages across every thread (the thread list is paged). */
  conversationsUnread: route<{ unread: number }>()({
    method: 'GET',
    path: '/api/conversations/unread',
    access: 'signedIn',
  }),
} as const satisfies Record<string, RouteSpec>;

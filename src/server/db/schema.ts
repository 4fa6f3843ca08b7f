import type { AdminConsoleTables } from './tables/admin.ts';
import type { AirmenTables } from './tables/airmen.ts';
import type { AuthTables } from './tables/auth.ts';
import type { BidLinesTables } from './tables/bid-lines.ts';
import type { BlogTables } from './tables/blog.ts';
import type { BookingTables } from './tables/booking.ts';
import type { ConversationTables } from './tables/conversations.ts';
import type { DocumentsMessagingTables } from './tables/documents.ts';
import type { FoundationTables } from './tables/foundation.ts';
import type { InboxTables } from './tables/inbox.ts';
import type { MaintenanceTables } from './tables/maintenance.ts';
import type { MaintenanceRecordsTables } from './tables/maintenance-records.ts';
import type { MarketplaceTables } from './tables/marketplace.ts';
import type { AppointmentScheduleTables } from './tables/appointment-schedule.ts';
import type { PaymentsTables } from './tables/payments.ts';
import type { OutboxAttemptsTables } from './tables/outbox-attempts.ts';
import type { BlogViewMarksTables } from './tables/blog-view-marks.ts';
import type { AogTables } from './tables/aog.ts';

/** The whole database, as Kysely sees it (camelCase here, snake_case in Postgres). */
export interface Database
  extends
    FoundationTables,
    AuthTables,
    BlogTables,
    MarketplaceTables,
    AdminConsoleTables,
    DocumentsMessagingTables,
    MaintenanceTables,
    BidLinesTables,
    AirmenTables,
    MaintenanceRecordsTables,
    AppointmentScheduleTables,
    BookingTables,
    InboxTables,
    ConversationTables,
    PaymentsTables,
    OutboxAttemptsTables,
    BlogViewMarksTables,
    AogTables {}

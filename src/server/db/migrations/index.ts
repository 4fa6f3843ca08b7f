import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_auth.ts';
import * as m0003 from './0003_blog.ts';
import * as m0004 from './0004_marketplace.ts';
import * as m0005 from './0005_admin_console.ts';
import * as m0006 from './0006_documents_messaging.ts';
import * as m0007 from './0007_outbox_templates.ts';
import * as m0008 from './0008_notification_preferences.ts';
import * as m0009 from './0009_smtp_integration.ts';
import * as m0010 from './0010_security.ts';
import * as m0011 from './0011_maintenance.ts';
import * as m0012 from './0012_blog_trash.ts';
import * as m0014 from './0014_bid_lines.ts';
import * as m0015 from './0015_maintenance_records.ts';
import * as m0016 from './0016_airmen_file.ts';
import * as m0017 from './0017_bid_inspection_signer.ts';
import * as m0018 from './0018_airmen_partitions.ts';
import * as m0019 from './0019_records_aircraft.ts';
import * as m0020 from './0020_appointment_schedule.ts';
import * as m0021 from './0021_verified_credentials.ts';
import * as m0022 from './0022_console_promises.ts';
import * as m0023 from './0023_scale_indexes.ts';
import * as m0024 from './0024_business_inbox.ts';
import * as m0025 from './0025_conversations.ts';
import * as m0026 from './0026_payments.ts';
import * as m0027 from './0027_booking.ts';
import * as m0028 from './0028_aog.ts';
import * as m0029 from './0029_booking_changes.ts';
import * as m0030 from './0030_console_lists.ts';
import * as m0031 from './0031_scale_summaries.ts';
import * as m0032 from './0032_attachments_customers_cancellations.ts';
import * as m0033 from './0033_offers_work_days.ts';
import * as m0034 from './0034_scale_answer_paths.ts';
import * as m0035 from './0035_job_figure_kept.ts';
import * as m0036 from './0036_approved_on_profile.ts';
import * as m0037 from './0037_rating_count_kept.ts';
import * as m0038 from './0038_matching_covering_index.ts';
import * as m0039 from './0039_job_invariants.ts';
import * as m0040 from './0040_paid_outside.ts';
import * as m0041 from './0041_reset_links_made_when_sent.ts';
import * as m0044 from './0044_one_status_urgent_first.ts';
import * as m0047 from './0047_one_current_entry.ts';
import * as m0048 from './0048_hours_reading_record.ts';
import * as m0049 from './0049_ad_compliance.ts';
import * as m0052 from './0052_merge_undo.ts';
import * as m0055 from './0055_proposal_reschedule.ts';
import * as m0056 from './0056_report_resolution.ts';
import * as m0057 from './0057_outbox_order_supersede.ts';
import * as m0058 from './0058_answered_by_a_reply.ts';
import * as m0060 from './0060_console_smaller_promises.ts';

/**
 * Every migration, listed statically: bundled functions and scripts cannot read a folder at run
 * time. Add new migrations at the end; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_auth': m0002,
  '0003_blog': m0003,
  '0004_marketplace': m0004,
  '0005_admin_console': m0005,
  '0006_documents_messaging': m0006,
  '0007_outbox_templates': m0007,
  '0008_notification_preferences': m0008,
  '0009_smtp_integration': m0009,
  '0010_security': m0010,
  '0011_maintenance': m0011,
  '0012_blog_trash': m0012,
  '0014_bid_lines': m0014,
  '0015_maintenance_records': m0015,
  '0016_airmen_file': m0016,
  '0017_bid_inspection_signer': m0017,
  '0018_airmen_partitions': m0018,
  '0019_records_aircraft': m0019,
  '0020_appointment_schedule': m0020,
  '0021_verified_credentials': m0021,
  '0022_console_promises': m0022,
  '0023_scale_indexes': m0023,
  '0024_business_inbox': m0024,
  '0025_conversations': m0025,
  '0026_payments': m0026,
  '0027_booking': m0027,
  '0028_aog': m0028,
  '0029_booking_changes': m0029,
  '0030_console_lists': m0030,
  '0031_scale_summaries': m0031,
  '0032_attachments_customers_cancellations': m0032,
  '0033_offers_work_days': m0033,
  '0034_scale_answer_paths': m0034,
  '0035_job_figure_kept': m0035,
  '0036_approved_on_profile': m0036,
  '0037_rating_count_kept': m0037,
  '0038_matching_covering_index': m0038,
  '0039_job_invariants': m0039,
  '0040_paid_outside': m0040,
  '0041_reset_links_made_when_sent': m0041,
  '0044_one_status_urgent_first': m0044,
  '0047_one_current_entry': m0047,
  '0048_hours_reading_record': m0048,
  '0049_ad_compliance': m0049,
  '0052_merge_undo': m0052,
  '0055_proposal_reschedule': m0055,
  '0056_report_resolution': m0056,
  '0057_outbox_order_supersede': m0057,
  '0058_answered_by_a_reply': m0058,
  '0060_console_smaller_promises': m0060,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

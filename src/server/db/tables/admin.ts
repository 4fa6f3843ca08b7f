import type { ColumnType, Generated } from 'kysely';
import type { LeadFields } from '../../../contract/fields.ts';
import type {
  ApiKeyStatus,
  CampaignType,
  IntegrationType,
  SettingCategory,
  SettingDataType,
} from '../../../contract/admin-config.ts';
import type { LeadRole } from '../../../contract/marketing.ts';
import type { CreatedAt, Numeric, UpdatedAt } from './foundation.ts';

export interface ApiKeysTable {
  id: Generated<string>;
  integrationType: IntegrationType;
  keyName: string;
  /** `v1:iv:tag:data` (AES-256-GCM); never the plaintext. */
  apiKeyEncrypted: string;
  /** Masked form shown in lists, computed once on save so listing needs no decryption. */
  apiKeyMasked: string;
  apiSecretEncrypted: string | null;
  isPrimary: Generated<boolean>;
  priority: Generated<number>;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  /** A JSON object as text (not jsonb: the CamelCasePlugin would rename its keys on read). */
  additionalConfig: string;
  status: Generated<ApiKeyStatus>;
  usageCount: Generated<number>;
  lastUsedAt: Date | null;
  lastRotatedAt: Date | null;
  expiresAt: Date | null;
  lastTestedAt: Date | null;
  lastTestOk: boolean | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SystemSettingsTable {
  category: SettingCategory;
  settingKey: string;
  /** The value as text; `v1:...` ciphertext when isEncrypted. */
  settingValue: string;
  dataType: SettingDataType;
  description: string | null;
  isEncrypted: boolean;
  updatedBy: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One row (id = 1): the referral program's current terms. */
export interface ReferralProgramTable {
  id: Generated<number>;
  rewardAmount: Numeric;
  minBookingAmount: Numeric;
  shareMessage: string;
  updatedBy: string | null;
  updatedAt: UpdatedAt;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  name: string;
  subjectLine: string;
  /** Sanitized on save. */
  htmlContent: string;
  campaignType: CampaignType;
  delayMinutes: number;
  isActive: Generated<boolean>;
  sends: Generated<number>;
  opens: Generated<number>;
  clicks: Generated<number>;
  conversions: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface MarketingLeadsTable extends LeadFields<LeadRole> {
  id: Generated<string>;
  status: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  source: Generated<string>;
  externalId: string | null;
  searchId: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface LeadSearchesTable {
  id: Generated<string>;
  keywords: string[];
  states: string[];
  roles: string[];
  quantity: number;
  resultsCount: number;
  savedCount: number;
  createdBy: string | null;
  createdAt: CreatedAt;
  /** Migration 0030: test mode or no Apollo key, the sample leads answered (nothing saved). */
  sample: Generated<boolean>;
}

export interface AdminConsoleTables {
  apiKeys: ApiKeysTable;
  systemSettings: SystemSettingsTable;
  referralProgram: ReferralProgramTable;
  emailTemplates: EmailTemplatesTable;
  marketingLeads: MarketingLeadsTable;
  leadSearches: LeadSearchesTable;
}

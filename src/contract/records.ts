import { z } from './zod.ts';
import { isRealDate, optionalText, renamed, requiredText } from './fields.ts';

/**
 * Signed maintenance records (docs/decisions/0130-signed-maintenance-records.md): the logbook
 * entry of a completed job, drafted from what the product knows (14 CFR 43.9(a); 43.11(a) for an
 * inspection), edited by the job's mechanic, then signed and kept unchanged. A correction is a
 * new entry that supersedes the signed one.
 */

export type RecordStatus = 'draft' | 'signed' | 'superseded';
export type RecordInspection = 'annual' | '100_hour';

export const RECORD_LIMITS = {
  description: 8_000,
  extent: 500,
  discrepancy: 500,
  discrepancies: 50,
  name: 120,
  certificate: 40,
} as const;

/** The statements of 43.11(a)(4) and (5), and of 43.9(a) for return to service. */
export const RECORD_STATEMENTS = {
  airworthy: (inspection: string) =>
    `I certify that this aircraft has been inspected in accordance with ${inspection === 'annual' ? 'an annual' : 'a 100-hour'} inspection and was determined to be in airworthy condition.`,
  notAirworthy: (inspection: string) =>
    `I certify that this aircraft has been inspected in accordance with ${inspection === 'annual' ? 'an annual' : 'a 100-hour'} inspection and a list of discrepancies and unairworthy items dated as below has been provided to the aircraft owner or operator.`,
  returnToService:
    'The work described above was performed in accordance with current regulations and the aircraft is approved for return to service with respect to that work.',
} as const;

/**
 * The page of an inspection entry's PDF that is its discrepancy list (14 CFR 43.11(b)): the
 * signed and dated list of what was found and not done, given to the owner.
 */
export const DISCREPANCY_LIST_TEXT = {
  title: 'Discrepancy list',
  rule: 'Signed and dated list given to the aircraft owner or operator (14 CFR 43.11(b))',
  unairworthy: 'Discrepancies and unairworthy items given to the owner:',
  notDone: 'Not done, deferred or declined by the owner:',
  unsigned: 'Not signed yet',
} as const;

/** What the mechanic confirms when signing (shown beside the checkbox). */
export const SIGN_CONFIRMATION =
  'I have reviewed this entry; it is true and complete, and I sign it with my certificate.';

export const RECORD_MESSAGES = {
  signed: 'This entry is signed and can no longer be edited: make a correction instead',
  iaRequired:
    'An annual inspection can only be approved for return to service by a mechanic with an inspection authorization (14 CFR 65.95)',
  notCompleted: 'The maintenance record is drafted when the job is completed',
  dateInFuture: 'Completion date cannot be in the future (today at the aircraft’s airport)',
  dateBeforeAcceptance: (accepted: string) =>
    `Completion date cannot be before the job was accepted (${accepted}): the entry records this job’s work`,
  statement: 'Confirm the statement to sign',
  noCorrection: 'Only a signed entry can be corrected',
  unprintable: 'The logbook PDF cannot print these characters; replace them before signing',
} as const;

/** Total time in service from the tach, in hours (one decimal); '' or null clears it. */
export const TotalTimeHoursField = z
  .union([z.number(), z.string(), z.null()], { error: 'Total time must be a number of hours' })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || String(v).trim() === '') return null;
    const n = Number(String(v).replace(/,/g, ''));
    if (!Number.isFinite(n) || n < 0 || n > 100_000) {
      ctx.addIssue({ code: 'custom', message: 'Total time must be between 0 and 100,000 hours' });
      return z.NEVER;
    }
    return Math.round(n * 10) / 10;
  });

/** Other names clients use for the total time in service: the entry's words, and the tach's. */
export const TOTAL_TIME_ALIASES: Record<string, 'totalTimeHours'> = {
  totalTime: 'totalTimeHours',
  totalTimeInService: 'totalTimeHours',
  tachHours: 'totalTimeHours',
  tach: 'totalTimeHours',
  tachReading: 'totalTimeHours',
  tachTime: 'totalTimeHours',
  totalHours: 'totalTimeHours',
};

/** Other names clients use for the same fields (the entry's words in 43.9 and 43.11). */
const ALIASES: Record<string, keyof RecordPatchFields> = {
  ...TOTAL_TIME_ALIASES,
  workDescription: 'description',
  workPerformed: 'description',
  notes: 'description',
  date: 'completedOn',
  completionDate: 'completedOn',
};

const patchFields = {
  description: requiredText('Description of the work', RECORD_LIMITS.description).optional(),
  completedOn: z
    .string({ error: 'Completion date must be a date as YYYY-MM-DD' })
    .refine(isRealDate, 'Completion date must be a date as YYYY-MM-DD')
    .optional(),
  totalTimeHours: TotalTimeHoursField,
  inspectionExtent: optionalText('Extent of the inspection', RECORD_LIMITS.extent).optional(),
  airworthy: z.boolean({ error: 'airworthy must be true or false' }).optional(),
  discrepancies: z
    .array(requiredText('Discrepancy', RECORD_LIMITS.discrepancy), { error: 'Discrepancies must be a list of texts' })
    .max(RECORD_LIMITS.discrepancies, `At most ${RECORD_LIMITS.discrepancies} discrepancies`)
    .optional(),
};
type RecordPatchFields = typeof patchFields;

/**
 * PUT /api/appointments/:id/record: the fields the mechanic edits on a draft; only those sent
 * change. A body that changes nothing is refused, so a misspelt field is not a silent no-op.
 */
export const RecordPatchSchema = z.preprocess(
  renamed(ALIASES),
  z.object(patchFields).refine((p) => Object.values(p).some((x) => x !== undefined), {
    message: `Send at least one of: ${Object.keys(patchFields).join(', ')}`,
  }),
);
export type RecordPatch = z.output<typeof RecordPatchSchema>;

/** POST /api/appointments/:id/record/sign */
export const SignRecordSchema = z.object({
  fullName: requiredText('Full name', RECORD_LIMITS.name),
  certificateNumber: requiredText('Certificate number', RECORD_LIMITS.certificate),
  statement: z.literal(true, { error: RECORD_MESSAGES.statement }),
});
export type SignRecordData = z.output<typeof SignRecordSchema>;

/** An annual a named IA is to sign (GET /api/records/to-sign; docs/decisions/0140-who-signs-the-annual.md). */
export interface RecordToSign {
  appointmentId: string;
  /** "N123AB, 1978 Piper PA-28-181" */
  aircraft: string;
  completedOn: string;
  /** The mechanic who did the work. */
  performedBy: string;
  /** The entry as `GET /api/appointments/:id/record` gives it to this IA. */
  record: RecordView;
}

export interface MaintenanceRecord {
  id: string;
  appointmentId: string;
  aircraftId: string | null;
  status: RecordStatus;
  /** The signed entry this one corrects, if any. */
  supersedesId: string | null;
  /** The entry that replaced this one, when superseded. */
  supersededById: string | null;
  aircraft: string;
  /** 'annual' or '100_hour' for an inspection entry (43.11); null for other work (43.9). */
  inspection: RecordInspection | null;
  inspectionExtent: string | null;
  description: string;
  completedOn: string;
  performedBy: string;
  totalTimeHours: number | null;
  airworthy: boolean;
  discrepancies: string[];
  /** The statement the signature certifies. */
  statement: string;
  signerName: string | null;
  certificateNumber: string | null;
  certificateKind: string | null;
  signedAt: string | null;
  /** Hex SHA-256 of `text`, stamped at signing. */
  sha256: string | null;
  /** The entry as signed (or as it would be signed, for a draft). */
  text: string;
  /** The PDF filed in the aircraft's Documents once signed. */
  documentId: string | null;
  /** The aircraft's airport's IANA zone: its dates are local days there, its times are named in it. */
  timeZone: string;
  /** Whether the viewer may edit, sign or correct it. */
  canEdit: boolean;
  canSign: boolean;
  canCorrect: boolean;
  /** Why this viewer cannot sign it (e.g. the IA rule), when that is the reason. */
  signBlockedReason: string | null;
}

/** GET /api/appointments/:id/record: the current entry (draft or signed), with the earlier ones of the job. */
export interface RecordView extends MaintenanceRecord {
  history: MaintenanceRecord[];
  /**
   * The IA the quote named to approve an annual for return to service, when the job's mechanic
   * holds none (docs/decisions/0140-who-signs-the-annual.md); null otherwise.
   */
  namedInspector: { fullName: string; certificateNumber: string } | null;
  /**
   * What the viewer's signature would say, from their verified profile (docs/decisions/0180): the
   * account name, the verified certificate number (null until verified) and the FAA airmen file's
   * sentence when that file found them. Null for the owner.
   */
  signer?: { name: string; certificateNumber: string | null; ia: boolean; airmen: string | null } | null;
}

/** GET /api/aircraft/:id/logbook?q= (or ?search=): words the entries must all hold. */
export const LogbookQuerySchema = z.object({
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
});

/** The entries whose text holds every word of `query` (any case); all of them for a blank query. */
export function matchingEntries<T extends { text: string }>(entries: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const text = e.text.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** GET /api/aircraft/:id/logbook/pdf?layout=sticker&entry=<id>: the whole logbook on pages, or stickers, or one entry. */
export const LOGBOOK_PDF_LAYOUTS = ['page', 'sticker'] as const;
export const LogbookPdfQuerySchema = z.object({
  layout: z.enum(LOGBOOK_PDF_LAYOUTS, { error: `layout must be one of ${LOGBOOK_PDF_LAYOUTS.join(', ')}` }).optional(),
  entry: z.uuid({ error: 'entry must be the id of an entry of this logbook' }).optional(),
});

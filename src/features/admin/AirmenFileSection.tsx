import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Checkbox, FieldError, Input, Label } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import {
  AIRMEN_AUTO_APPROVE_SETTING,
  AIRMEN_FILE_NAMES,
  AirmenUploadFormSchema,
  monthLabel,
  type AirmenFileKind,
  type AirmenImport,
} from '../../contract/airmen-file.ts';
import { ROUTES } from '../../contract/routes/admin.ts';
import { ApiError } from '../../lib/api-client.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { formatDate, formatDay } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { uploadAirmenFile, uploadAirmenZip, type AirmenUploadProgress } from './airmen-file/upload-client.ts';
import { readAirmenZip, ZipReadError, type AirmenZip } from './airmen-file/zip-entries.ts';

/** This month as 'YYYY-MM' (the FAA publishes on the first of each month). */
function thisMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const number = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

interface UploadValues {
  month: string;
  zip: Blob | null;
  basic: Blob | null;
  cert: Blob | null;
}

/** What reading the chosen ZIP's directory said. */
type ZipState = { file: File; zip: AirmenZip } | { file: File; error: string } | null;

function Summary({ job }: { job: AirmenImport }) {
  if (job.status === 'completed') {
    return (
      <p>
        Last import: <strong>{job.monthLabel}</strong> · {number(job.rows)} rows · {number(job.mechanicRecords)}{' '}
        mechanic records · <strong>{number(job.mechanicsMatched ?? 0)}</strong> of {number(job.mechanicsChecked ?? 0)}{' '}
        mechanics matched
        {job.autoApproved ? ` · ${number(job.autoApproved)} approved automatically` : ''}
        {job.completedAt ? ` (imported ${formatDate(job.completedAt)})` : ''}
      </p>
    );
  }
  if (job.status === 'failed')
    return (
      <p>
        The last upload ({job.monthLabel}) did not complete: {job.error ?? 'it failed'}.
      </p>
    );
  return (
    <p>
      An upload of {job.monthLabel} is unfinished: {number(job.rows)} rows received. Upload the file again (the ZIP or
      both CSV files) to finish it.
    </p>
  );
}

/**
 * The FAA airmen file in the Mechanics panel (docs/decisions/0120): upload the FAA's ZIP (unzipped
 * here, as it is sent) or its two CSV files, follow the progress, read the last import's summary,
 * and choose whether a single exact match approves a waiting mechanic by itself.
 */
export default function AirmenFileSection({ onImported }: { onImported: () => void }) {
  const id = useId();
  const last = useRoute(ROUTES.adminAirmenFile);
  // The category's list, not the single key: a setting never saved is absent from the list
  // (off), where the single key's GET answered 404 each time the tab opened.
  const settings = useRoute(ROUTES.adminSettings, { params: { category: AIRMEN_AUTO_APPROVE_SETTING.category } });
  const form = useContractForm<UploadValues>(AirmenUploadFormSchema, {
    month: thisMonth(),
    zip: null,
    basic: null,
    cert: null,
  });
  const { register, handleSubmit, setValue, getValues, setError, clearErrors, placeErrors } = form;
  const errors = form.formState.errors;
  // The month proposed here (this month) gives way to the ZIP's date until the admin sets one.
  const monthSetByAdmin = useRef(false);
  const [monthNote, setMonthNote] = useState('');
  // The files stay in their inputs (a file input cannot be given a value): each choice is copied
  // into the form, and choosing one kind clears the other kind's inputs.
  const zipRef = useRef<HTMLInputElement>(null);
  const basicRef = useRef<HTMLInputElement>(null);
  const certRef = useRef<HTMLInputElement>(null);
  const [zipState, setZipState] = useState<ZipState>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const autoApprove =
    settings.data?.data.find((s) => s.setting_key === AIRMEN_AUTO_APPROVE_SETTING.key)?.setting_value === 'true';

  /** Reads the chosen ZIP's directory at once: what it holds, or what is wrong with it. */
  const chooseZip = async (file: File | null) => {
    setValue('zip', file);
    clearErrors();
    if (!file) return setZipState(null);
    // One file or the other: a ZIP replaces CSV files chosen before.
    for (const [kind, ref] of [
      ['basic', basicRef],
      ['cert', certRef],
    ] as const) {
      if (ref.current) ref.current.value = '';
      setValue(kind, null);
    }
    try {
      const zip = await readAirmenZip(file);
      if (getValues('zip') !== file) return;
      setZipState({ file, zip });
      if (zip.month && (!monthSetByAdmin.current || !getValues('month'))) {
        setValue('month', zip.month);
        setMonthNote(
          `${monthLabel(zip.month)}, from the date of the files in the ZIP (${formatDay(zip.dated)}): change it if the file is of another month.`,
        );
      }
    } catch (err) {
      if (getValues('zip') !== file) return;
      const message = err instanceof ZipReadError ? err.message : 'The ZIP could not be read';
      setZipState({ file, error: message });
      setError('zip', { type: 'zip', message });
    }
  };

  const chooseCsv = (kind: AirmenFileKind, file: File | null) => {
    setValue(kind, file);
    clearErrors();
    if (getValues('zip')) {
      if (zipRef.current) zipRef.current.value = '';
      setValue('zip', null);
      setZipState(null);
    }
  };

  const submit = handleSubmit(async ({ month, zip, basic, cert }) => {
    setPercent(0);
    const onProgress = (p: AirmenUploadProgress) => {
      setPercent(p.percent);
      setStatus(
        `Importing ${AIRMEN_FILE_NAMES[p.file]}: ${Math.floor(p.percent)}%${p.job ? `, ${number(p.job.rows)} rows read` : ''}`,
      );
    };
    const monthSent = month.trim();
    try {
      let job: AirmenImport;
      if (zip) {
        setStatus('Reading the ZIP...');
        const entries = zipState && zipState.file === zip && 'zip' in zipState ? zipState.zip : undefined;
        job = await uploadAirmenZip(
          { month: monthSent, zip: zip as File, ...(entries ? { entries } : {}) },
          { onProgress },
        );
      } else {
        setStatus('Uploading and importing...');
        job = await uploadAirmenFile({ month: monthSent, basic: basic as File, cert: cert as File }, { onProgress });
      }
      last.setData(job);
      setStatus(
        `Imported ${number(job.rows)} rows of ${job.monthLabel}; ${number(job.mechanicsMatched ?? 0)} mechanics matched.`,
      );
      toast.success(`FAA airmen file of ${job.monthLabel} imported`);
      onImported();
    } catch (err) {
      if (err instanceof ZipReadError) setError('zip', { type: 'zip', message: err.message });
      else if (!placeErrors(err))
        setError('root.server', {
          type: 'server',
          message: err instanceof ApiError && err.detail ? err.detail : 'The import failed',
        });
      setStatus('');
      void last.reload();
    } finally {
      setPercent(null);
    }
  });

  const saveSetting = useWrite(ROUTES.adminSettingSave, {
    fallback: 'Failed to save the setting',
    reason: detailOr,
    onSuccess: (saved) =>
      settings.setData(
        (current) =>
          current && {
            ...current,
            data: [...current.data.filter((s) => s.setting_key !== saved.data.setting_key), saved.data],
          },
      ),
    onError: (message) => toast.error(message),
  });
  const savingSetting = saveSetting.pending;
  const toggle = async (on: boolean) => {
    const sent = await saveSetting.run({
      params: { category: AIRMEN_AUTO_APPROVE_SETTING.category, key: AIRMEN_AUTO_APPROVE_SETTING.key },
      body: {
        setting_key: AIRMEN_AUTO_APPROVE_SETTING.key,
        setting_value: on ? 'true' : 'false',
        data_type: 'boolean',
        description:
          'Approve a waiting mechanic found exactly once in the FAA airmen file with airframe and powerplant ratings',
        is_encrypted: false,
      },
    });
    if (sent.ok)
      toast.success(on ? 'Single exact matches are approved automatically' : 'Every mechanic waits for your approval');
  };

  const busy = percent !== null;
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight">
          FAA airmen file
        </h2>
        <CardDescription>
          The FAA&rsquo;s monthly releasable airmen file: the ZIP as downloaded, or the two files of it that hold
          non-pilots, {AIRMEN_FILE_NAMES.basic} and {AIRMEN_FILE_NAMES.cert}. It has no certificate numbers: mechanics
          are matched on name, state and mechanic ratings.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {last.state.status === 'ready' && last.data && <Summary job={last.data} />}
        {last.state.status === 'ready' && !last.data && <p>No airmen file has been imported yet.</p>}
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <FormField
            className="max-w-xs"
            id={`${id}-month`}
            label="Month of the file"
            hint={monthNote || undefined}
            error={errors.month?.message}
          >
            <Input
              id={`${id}-month`}
              type="month"
              required
              disabled={busy}
              {...fieldAria(`${id}-month`, errors.month?.message, Boolean(monthNote))}
              {...register('month', {
                onChange: () => {
                  monthSetByAdmin.current = true;
                  setMonthNote('');
                },
              })}
            />
          </FormField>
          <fieldset className="min-w-0 space-y-3">
            <legend className="mb-2 font-medium">The FAA file: its ZIP, or the two CSV files</legend>
            <div>
              <Label htmlFor={`${id}-zip`}>FAA ZIP download</Label>
              <Input
                id={`${id}-zip`}
                ref={zipRef}
                type="file"
                accept=".zip,application/zip"
                disabled={busy}
                onChange={(e) => void chooseZip(e.target.files?.[0] ?? null)}
                aria-invalid={errors.zip ? true : undefined}
                aria-describedby={errors.zip ? `${id}-zip-note ${id}-zip-error` : `${id}-zip-note`}
              />
              <p id={`${id}-zip-note`} className="mt-1 text-muted-foreground" aria-live="polite">
                {zipState && 'zip' in zipState
                  ? `In the ZIP: ${AIRMEN_FILE_NAMES.basic} (${megabytes(zipState.zip.basic.size)}) and ${AIRMEN_FILE_NAMES.cert} (${megabytes(zipState.zip.cert.size)})${zipState.zip.dated ? `, dated ${formatDay(zipState.zip.dated)}` : ''}; the other files are left out. Unzipped in this browser as it is sent.`
                  : `The monthly ZIP as downloaded: ${AIRMEN_FILE_NAMES.basic} and ${AIRMEN_FILE_NAMES.cert} are read from it.`}
              </p>
              <FieldError id={`${id}-zip-error`} message={errors.zip?.message} />
            </div>
            <p className="text-muted-foreground" aria-hidden="true">
              or
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <Label htmlFor={`${id}-basic`}>{AIRMEN_FILE_NAMES.basic}</Label>
                <Input
                  id={`${id}-basic`}
                  ref={basicRef}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={busy}
                  onChange={(e) => chooseCsv('basic', e.target.files?.[0] ?? null)}
                />
              </div>
              <div>
                <Label htmlFor={`${id}-cert`}>{AIRMEN_FILE_NAMES.cert}</Label>
                <Input
                  id={`${id}-cert`}
                  ref={certRef}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={busy}
                  onChange={(e) => chooseCsv('cert', e.target.files?.[0] ?? null)}
                />
              </div>
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Importing...' : 'Upload and import'}
            </Button>
          </div>
        </form>
        {errors.root?.server && <Alert id={`${id}-error`}>{errors.root.server.message}</Alert>}
        {busy && <Progress value={percent} label="Import of the FAA airmen file" valueText={status} />}
        <p role="status" aria-live="polite" className="text-muted-foreground">
          {status}
        </p>
        <Checkbox
          id={`${id}-auto`}
          label="Approve a waiting mechanic automatically on a single exact match (one person of that name in that state, with airframe and powerplant ratings)"
          checked={autoApprove}
          disabled={savingSetting || settings.state.status === 'loading'}
          onChange={(e) => void toggle(e.target.checked)}
        />
      </CardContent>
    </Card>
  );
}

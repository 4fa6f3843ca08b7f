import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Checkbox, Input, Label } from '../../components/ui/field.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import {
  AIRMEN_AUTO_APPROVE_SETTING,
  AIRMEN_FILE_NAMES,
  AirmenMonthSchema,
  type AirmenImport,
} from '../../contract/airmen-file.ts';
import { ROUTES } from '../../contract/routes.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { uploadAirmenFile } from './airmen-file/upload-client.ts';

/** This month as 'YYYY-MM' (the FAA publishes on the first of each month). */
function thisMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const number = (n: number) => n.toLocaleString('en-US');

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
      An upload of {job.monthLabel} is unfinished: {number(job.rows)} rows received. Upload both files again to finish
      it.
    </p>
  );
}

/**
 * The FAA airmen file in the Mechanics panel (docs/decisions/0120): upload the two CSV files of the
 * month, follow the progress, read the last import's summary, and choose whether a single exact
 * match approves a waiting mechanic by itself.
 */
export default function AirmenFileSection({ onImported }: { onImported: () => void }) {
  const id = useId();
  const last = useRoute(ROUTES.adminAirmenFile);
  const setting = useRoute(ROUTES.adminSetting, {
    params: { category: AIRMEN_AUTO_APPROVE_SETTING.category, key: AIRMEN_AUTO_APPROVE_SETTING.key },
  });
  const [month, setMonth] = useState(thisMonth);
  const basicRef = useRef<HTMLInputElement>(null);
  const certRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [savingSetting, setSavingSetting] = useState(false);
  // A 404 means the setting was never saved: off.
  const autoApprove = setting.data?.data.setting_value === 'true';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsedMonth = AirmenMonthSchema.safeParse(month);
    const basic = basicRef.current?.files?.[0];
    const cert = certRef.current?.files?.[0];
    if (!parsedMonth.success) return setError(parsedMonth.error.issues[0]?.message ?? 'Month is required');
    if (!basic || !cert) return setError(`Choose both files: ${AIRMEN_FILE_NAMES.basic} and ${AIRMEN_FILE_NAMES.cert}`);
    setPercent(0);
    setStatus('Uploading and importing...');
    try {
      const job = await uploadAirmenFile(
        { month: parsedMonth.data, basic, cert },
        {
          onProgress: (p) => {
            setPercent(p.percent);
            setStatus(
              `Importing ${AIRMEN_FILE_NAMES[p.file]}: ${Math.floor(p.percent)}%${p.job ? `, ${number(p.job.rows)} rows read` : ''}`,
            );
          },
        },
      );
      last.setData(job);
      setStatus(
        `Imported ${number(job.rows)} rows of ${job.monthLabel}; ${number(job.mechanicsMatched ?? 0)} mechanics matched.`,
      );
      toast.success(`FAA airmen file of ${job.monthLabel} imported`);
      onImported();
    } catch (err) {
      setError(err instanceof ApiError && err.detail ? err.detail : 'The import failed');
      setStatus('');
      void last.reload();
    } finally {
      setPercent(null);
    }
  };

  const toggle = async (on: boolean) => {
    setSavingSetting(true);
    try {
      const saved = await call(ROUTES.adminSettingSave, {
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
      setting.setData(saved);
      toast.success(on ? 'Single exact matches are approved automatically' : 'Every mechanic waits for your approval');
    } catch (err) {
      toast.error(err instanceof ApiError && err.detail ? err.detail : 'Failed to save the setting');
    } finally {
      setSavingSetting(false);
    }
  };

  const busy = percent !== null;
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight">
          FAA airmen file
        </h2>
        <CardDescription>
          The FAA&rsquo;s monthly releasable airmen file (CSV download): {AIRMEN_FILE_NAMES.basic} and{' '}
          {AIRMEN_FILE_NAMES.cert}. It has no certificate numbers: mechanics are matched on name, state and mechanic
          ratings.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {last.state.status === 'ready' && last.data && <Summary job={last.data} />}
        {last.state.status === 'ready' && !last.data && <p>No airmen file has been imported yet.</p>}
        <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-3">
          <div>
            <Label htmlFor={`${id}-month`}>Month of the file</Label>
            <Input
              id={`${id}-month`}
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              required
              disabled={busy}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-basic`}>{AIRMEN_FILE_NAMES.basic}</Label>
            <Input id={`${id}-basic`} ref={basicRef} type="file" accept=".csv,text/csv" required disabled={busy} />
          </div>
          <div>
            <Label htmlFor={`${id}-cert`}>{AIRMEN_FILE_NAMES.cert}</Label>
            <Input id={`${id}-cert`} ref={certRef} type="file" accept=".csv,text/csv" required disabled={busy} />
          </div>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={busy}>
              {busy ? 'Importing...' : 'Upload and import'}
            </Button>
          </div>
        </form>
        {error && <Alert id={`${id}-error`}>{error}</Alert>}
        {busy && <Progress value={percent} label="Import of the FAA airmen file" valueText={status} />}
        <p role="status" aria-live="polite" className="text-muted-foreground">
          {status}
        </p>
        <Checkbox
          id={`${id}-auto`}
          label="Approve a waiting mechanic automatically on a single exact match (one person of that name in that state, with airframe and powerplant ratings)"
          checked={autoApprove}
          disabled={savingSetting || setting.state.status === 'loading'}
          onChange={(e) => void toggle(e.target.checked)}
        />
      </CardContent>
    </Card>
  );
}

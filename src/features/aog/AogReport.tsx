import { CheckCircle2, LocateFixed, Send } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  AOG,
  AOG_FIELD_PLACES,
  AOG_SYMPTOMS,
  AogReportSchema,
  type AogAirport,
  type AogSymptom,
} from '../../contract/aog.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/aog.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { uploadDocument } from '../documents/upload-client.ts';

type Step = 'symptoms' | 'checks' | 'where' | 'details' | 'solved';

/** A big toggle a thumb can hit (44 px and more), announced as pressed or not. */
function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-12 rounded-md border px-3 py-2 text-left text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed ? 'border-destructive bg-destructive/10 text-foreground' : 'border-border bg-background hover:bg-muted',
      )}
    >
      {children}
    </button>
  );
}

const REPORT_FAILED = 'Could not send the report. Check your connection and try again.';
// The server's reason for a 4xx, and the browser's own for a photo it cannot send (no WebCrypto).
const refusal = (err: unknown) =>
  err instanceof ApiError && err.detail && err.status < 500 ? err.detail : REPORT_FAILED;

/**
 * "Report aircraft on ground", phone first (390 px, one thumb, under a minute): what is wrong (a
 * tap per symptom), the owner's own quick checks, which can end "solved", where the aircraft is
 * (the airports nearest the phone first), then how to reach it and the owner. Sending asks the
 * nearest mechanics at once; `onReported` opens the live call.
 */
export default function AogReport({
  aircraft,
  phone,
  onClose,
  onReported,
}: {
  aircraft: Aircraft[];
  phone: string | null;
  onClose: () => void;
  onReported: (id: string) => void;
}) {
  const [step, setStep] = useState<Step>('symptoms');
  const [symptoms, setSymptoms] = useState<AogSymptom[]>([]);
  const [aircraftId, setAircraftId] = useState<string>(aircraft[0]?.id ?? '');
  const [typed, setTyped] = useState({ tail: '', make: '', model: '' });
  const [airport, setAirport] = useState('');
  const [airports, setAirports] = useState<AogAirport[] | null>(null);
  const [locating, setLocating] = useState(false);
  const [place, setPlace] = useState('');
  const [description, setDescription] = useState('');
  const [canFlyOut, setCanFlyOut] = useState<boolean | null>(null);
  const [escort, setEscort] = useState(false);
  const [gateCode, setGateCode] = useState('');
  const [afterHours, setAfterHours] = useState('');
  const [callback, setCallback] = useState(phone ?? '');
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const report = useWrite(ROUTES.aogReport, {
    fallback: REPORT_FAILED,
    reason: refusal,
    onSuccess: (created) => onReported(created.id),
    onError: setMessage,
  });
  // The photos go first, then the report: the button waits through both.
  const busy = uploading || report.pending;

  const checks = useMemo(
    () => AOG_SYMPTOMS.filter((s) => symptoms.includes(s.value) && s.checks.length > 0),
    [symptoms],
  );
  const toggle = (s: AogSymptom) =>
    setSymptoms((list) => (list.includes(s) ? list.filter((x) => x !== s) : [...list, s]));

  const locate = () => {
    if (!('geolocation' in navigator))
      return setMessage('This phone cannot tell its position: type the airport identifier instead.');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        call(ROUTES.aogAirports, { query: { lat: pos.coords.latitude, lon: pos.coords.longitude } })
          .then((list) => {
            setAirports(list);
            if (list[0] && !airport) setAirport(list[0].code);
          })
          .catch(() => setMessage('Could not load the nearest airports: type the identifier instead.'))
          .finally(() => setLocating(false));
      },
      () => {
        setLocating(false);
        setMessage('Location is off: type the airport identifier instead.');
      },
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 600_000 },
    );
  };
  // The nearest airports are offered first, without a tap, when the phone already allows it.
  useEffect(() => {
    if (step !== 'where' || airports !== null || !('permissions' in navigator)) return;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((p) => p.state === 'granted' && locate())
      .catch(() => undefined);
    // Once, when the step opens: `locate` is a new function each render.
  }, [step]);

  const body = () => ({
    ...(aircraftId
      ? { aircraftId }
      : { aircraftTailNumber: typed.tail, aircraftMake: typed.make, aircraftModel: typed.model }),
    airport,
    locationOnField: place,
    symptoms,
    description,
    access: { escortRequired: escort, gateCode, afterHoursContact: afterHours },
    canFlyOut: canFlyOut ?? false,
    callbackPhone: callback,
    documentIds: [] as string[],
  });

  const whereReady = (aircraftId || (typed.tail && typed.make && typed.model)) && airport.trim() && place.trim();

  const send = async () => {
    setMessage(null);
    const parsed = AogReportSchema.safeParse(body());
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'Check the report');
    if (canFlyOut === null) return setMessage('Say whether the aircraft can fly out');
    setUploading(true);
    const documentIds: string[] = [];
    try {
      for (const file of photos.slice(0, AOG.maxDocuments)) {
        const doc = await uploadDocument(file, {
          title: `AOG photo ${file.name}`.slice(0, 120),
          documentType: 'photo',
          description: null,
          aircraftId: aircraftId || null,
          serviceRequestId: null,
        });
        documentIds.push(doc.id);
      }
    } catch (err) {
      return setMessage(refusal(err));
    } finally {
      setUploading(false);
    }
    await report.run({ body: { ...body(), documentIds } });
  };

  const footer = (children: ReactNode) => (
    <div className="sticky bottom-0 -mx-5 mt-4 flex flex-col gap-2 border-t border-border bg-background px-5 pt-3 sm:-mx-6 sm:px-6">
      {children}
    </div>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Report aircraft on ground"
      description="A mechanic near you answers with an arrival time."
      className="max-w-lg sm:max-w-xl"
    >
      {step === 'symptoms' && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">What is wrong? Tap all that apply.</legend>
          <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
            {AOG_SYMPTOMS.map((s) => (
              <Chip key={s.value} pressed={symptoms.includes(s.value)} onClick={() => toggle(s.value)}>
                {s.label}
              </Chip>
            ))}
          </div>
          {footer(
            <Button
              size="lg"
              disabled={symptoms.length === 0}
              onClick={() => setStep(checks.length > 0 ? 'checks' : 'where')}
            >
              Next
            </Button>,
          )}
        </fieldset>
      )}

      {step === 'checks' && (
        <section aria-labelledby="aog-checks">
          <h3 id="aog-checks" className="text-sm font-semibold">
            Before calling someone out, try these
          </h3>
          {checks.map((s) => (
            <div key={s.value} className="mt-3">
              <p className="text-sm font-medium">{s.label}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {s.checks.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          ))}
          {footer(
            <>
              <Button size="lg" variant="destructive" onClick={() => setStep('where')}>
                Still stuck: get a mechanic
              </Button>
              <Button size="lg" variant="outline" onClick={() => setStep('solved')}>
                <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
                That solved it
              </Button>
            </>,
          )}
        </section>
      )}

      {step === 'solved' && (
        <div role="status" className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto h-10 w-10 text-success" aria-hidden="true" />
          <p className="font-semibold">Glad you are flying again.</p>
          <p className="text-sm text-muted-foreground">
            Nothing was sent to mechanics. If it comes back, report it again from your dashboard.
          </p>
          <Button size="lg" className="w-full" onClick={onClose}>
            Close
          </Button>
        </div>
      )}

      {step === 'where' && (
        <div className="space-y-4">
          <div>
            <Label htmlFor="aog-aircraft">Aircraft</Label>
            <select
              id="aog-aircraft"
              className="block h-12 w-full rounded-md border border-input bg-background px-3 text-base"
              value={aircraftId}
              onChange={(e) => setAircraftId(e.target.value)}
            >
              {aircraft.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.tailNumber} · {a.make} {a.model}
                </option>
              ))}
              <option value="">Another aircraft</option>
            </select>
            {!aircraftId && (
              <div className="mt-2 grid grid-cols-3 gap-2">
                <Input
                  aria-label="Tail number"
                  placeholder="N12345"
                  autoCapitalize="characters"
                  value={typed.tail}
                  onChange={(e) => setTyped({ ...typed, tail: e.target.value })}
                />
                <Input
                  aria-label="Make"
                  placeholder="Cessna"
                  value={typed.make}
                  onChange={(e) => setTyped({ ...typed, make: e.target.value })}
                />
                <Input
                  aria-label="Model"
                  placeholder="172S"
                  value={typed.model}
                  onChange={(e) => setTyped({ ...typed, model: e.target.value })}
                />
              </div>
            )}
          </div>
          <div>
            <div className="flex items-end justify-between gap-2">
              <Label htmlFor="aog-airport">Airport</Label>
              <Button variant="link" size="sm" onClick={locate} disabled={locating}>
                {locating ? <Spinner /> : <LocateFixed className="h-4 w-4" aria-hidden="true" />}
                Nearest to me
              </Button>
            </div>
            {airports && airports.length > 0 && (
              <div className="mb-2 flex flex-wrap gap-2" role="group" aria-label="Nearest airports">
                {airports.map((a) => (
                  <Chip key={a.code} pressed={airport === a.code} onClick={() => setAirport(a.code)}>
                    {a.label}
                    {a.distanceMiles !== null && (
                      <span className="block text-xs text-muted-foreground">{a.distanceMiles} mi</span>
                    )}
                  </Chip>
                ))}
              </div>
            )}
            <Input
              id="aog-airport"
              className="h-12"
              placeholder="Identifier, e.g. KSJC"
              autoCapitalize="characters"
              autoComplete="off"
              value={airport}
              onChange={(e) => setAirport(e.target.value.toUpperCase())}
              maxLength={AOG.text.airport}
            />
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Where on the field</legend>
            <div className="mb-2 flex flex-wrap gap-2">
              {AOG_FIELD_PLACES.map((p) => (
                <Chip key={p} pressed={place === p} onClick={() => setPlace(p)}>
                  {p}
                </Chip>
              ))}
            </div>
            <Input
              aria-label="Where on the field, in your words"
              placeholder="e.g. Signature FBO, row 3"
              value={place}
              onChange={(e) => setPlace(e.target.value)}
              maxLength={AOG.text.location}
            />
          </fieldset>
          {message && <Alert>{message}</Alert>}
          {footer(
            <Button size="lg" disabled={!whereReady} onClick={() => setStep('details')}>
              Next
            </Button>,
          )}
        </div>
      )}

      {step === 'details' && (
        <div className="space-y-4">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Can it fly out once fixed on site?</legend>
            <div className="grid grid-cols-2 gap-2">
              <Chip pressed={canFlyOut === true} onClick={() => setCanFlyOut(true)}>
                Yes
              </Chip>
              <Chip pressed={canFlyOut === false} onClick={() => setCanFlyOut(false)}>
                No, it cannot fly
              </Chip>
            </div>
          </fieldset>
          <div>
            <Label htmlFor="aog-phone">Callback phone</Label>
            <Input
              id="aog-phone"
              className="h-12"
              type="tel"
              autoComplete="tel"
              value={callback}
              onChange={(e) => setCallback(e.target.value)}
              maxLength={30}
            />
          </div>
          <details className="rounded-md border border-border p-3">
            <summary className="cursor-pointer text-sm font-medium">Access, photos and more (optional)</summary>
            <div className="mt-3 space-y-3">
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={escort}
                  onChange={(e) => setEscort(e.target.checked)}
                />
                An escort is needed on the ramp
              </label>
              <div>
                <Label htmlFor="aog-gate">Gate code</Label>
                <Input
                  id="aog-gate"
                  value={gateCode}
                  onChange={(e) => setGateCode(e.target.value)}
                  maxLength={AOG.text.gateCode}
                />
              </div>
              <div>
                <Label htmlFor="aog-after-hours">After-hours contact</Label>
                <Input
                  id="aog-after-hours"
                  placeholder="FBO desk, line service..."
                  value={afterHours}
                  onChange={(e) => setAfterHours(e.target.value)}
                  maxLength={AOG.text.contact}
                />
              </div>
              <div>
                <Label htmlFor="aog-description">What happened</Label>
                <Textarea
                  id="aog-description"
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  maxLength={AOG.text.description}
                />
              </div>
              <div>
                <Label htmlFor="aog-photos">Photos (up to {AOG.maxDocuments})</Label>
                <input
                  id="aog-photos"
                  type="file"
                  accept="image/*"
                  multiple
                  capture="environment"
                  className="block w-full text-sm"
                  onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, AOG.maxDocuments))}
                />
              </div>
            </div>
          </details>
          {message && <Alert>{message}</Alert>}
          {footer(
            <Button size="lg" variant="destructive" disabled={busy} onClick={() => void send()}>
              {busy ? <Spinner /> : <Send className="h-5 w-5" aria-hidden="true" />}
              Send to mechanics nearby
            </Button>,
          )}
        </div>
      )}
    </Dialog>
  );
}

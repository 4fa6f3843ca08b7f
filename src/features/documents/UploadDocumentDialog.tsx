import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  ACCEPT_ATTRIBUTE,
  DEFAULT_DOCUMENT_TYPE,
  DOCUMENT_MESSAGES,
  DOCUMENT_TEXT,
  DOCUMENT_TYPES,
  DocumentMetadataSchema,
  UPLOAD_HINT,
  type DocumentType,
  type VaultDocument,
} from '../../contract/documents.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatBytes } from './format.ts';
import { checkBeforeUpload, isAbort, uploadDocument, type UploadProgress } from './upload-client.ts';

export interface DialogAircraft {
  id: string;
  tailNumber: string;
  make: string;
  model: string;
}

export interface UploadDocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  aircraft: DialogAircraft[];
  /** Attaches the document to this service request (the mechanic of the job uploads this way). */
  serviceRequestId?: string;
  /** Preselects an aircraft (e.g. when opened from that aircraft). */
  initialAircraftId?: string | null;
  /** Spec: the type defaults to other; a mechanic's job upload starts at work_order. */
  defaultDocumentType?: DocumentType;
  onUploaded: (doc: VaultDocument) => void;
}

/** 'none' stands for "no specific aircraft": a select item never has an empty value (docs/product.md §5). */
const NO_AIRCRAFT = 'none';

type Errors = Partial<Record<'file' | 'title' | 'documentType' | 'description' | 'aircraftId', string | undefined>>;

const PHASE_LABEL: Record<UploadProgress['phase'], string> = {
  preparing: 'Preparing the file...',
  uploading: 'Uploading...',
  verifying: 'Verifying and saving...',
};

/** 'Upload Document' (docs/product.md §2 and §5): file, title, type, description, aircraft. */
export function UploadDocumentDialog({
  open,
  onOpenChange,
  aircraft,
  serviceRequestId,
  initialAircraftId,
  defaultDocumentType = DEFAULT_DOCUMENT_TYPE,
  onUploaded,
}: UploadDocumentDialogProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [documentType, setDocumentType] = useState<string>(defaultDocumentType);
  const [description, setDescription] = useState('');
  const [aircraftId, setAircraftId] = useState<string>(initialAircraftId ?? NO_AIRCRAFT);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setTitle('');
    setDocumentType(defaultDocumentType);
    setDescription('');
    setAircraftId(initialAircraftId ?? NO_AIRCRAFT);
    setErrors({});
    setProgress(null);
  }, [open, defaultDocumentType, initialAircraftId]);

  // Closing the page's dialog mid-upload (e.g. the dashboard unmounts) cancels the upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return setErrors((e) => ({ ...e, file: undefined }));
    const problem = await checkBeforeUpload(chosen);
    setErrors((e) => ({ ...e, file: problem ?? undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const next: Errors = {};
    const parsed = DocumentMetadataSchema.safeParse({
      title,
      documentType,
      description,
      aircraftId: aircraftId === NO_AIRCRAFT ? null : aircraftId,
      serviceRequestId: serviceRequestId ?? null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '') as keyof Errors;
        next[key] ??= issue.message;
      }
    }
    if (!file) {
      next.file = DOCUMENT_MESSAGES.noFile;
      toast.error(DOCUMENT_MESSAGES.noFile);
    } else {
      const problem = await checkBeforeUpload(file);
      if (problem) next.file = problem;
    }
    setErrors(next);
    if (!file || !parsed.success || next.file) {
      const first = next.file ? `${id}-file` : next.title ? `${id}-title` : null;
      if (first) document.getElementById(first)?.focus();
      return;
    }

    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ phase: 'preparing', percent: 0 });
    try {
      const doc = await uploadDocument(file, parsed.data, { onProgress: setProgress, signal: controller.signal });
      toast.success(DOCUMENT_MESSAGES.uploaded);
      onUploaded(doc);
      onOpenChange(false);
    } catch (error) {
      if (isAbort(error)) toast('Upload cancelled');
      else {
        console.error('Upload failed', error);
        const detail = error instanceof ApiError ? error.detail : undefined;
        toast.error(detail ? `${DOCUMENT_MESSAGES.uploadFailed}: ${detail}` : DOCUMENT_MESSAGES.uploadFailed);
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  const aircraftOptions = [
    { value: NO_AIRCRAFT, label: 'No specific aircraft' },
    ...aircraft.map((a) => ({ value: a.id, label: `${a.tailNumber} · ${a.make} ${a.model}` })),
  ];
  const describedBy = (field: keyof Errors, hint = false) =>
    errors[field] ? `${id}-${field}-error` : hint ? `${id}-${field}-hint` : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !uploading && onOpenChange(next)}
      title="Upload Document"
      description="Keep logbooks, certificates, invoices and reports with your aircraft."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={uploading}>
        <div>
          <Label htmlFor={`${id}-file`}>File *</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            required
            disabled={uploading}
            className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describedBy('file', true)}
            onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)}
          />
          {!errors.file && (
            <p id={`${id}-file-hint`} className="mt-1 text-xs text-muted-foreground">
              {file ? `${file.name} · ${formatBytes(file.size)} · ` : ''}
              {UPLOAD_HINT}
            </p>
          )}
          <FieldError id={`${id}-file-error`} message={errors.file} />
        </div>

        <div>
          <Label htmlFor={`${id}-title`}>Title *</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={DOCUMENT_TEXT.title}
            required
            disabled={uploading}
            placeholder="e.g. 2026 Annual Inspection"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('title')}
            onChange={(e) => setTitle(e.target.value)}
          />
          <FieldError id={`${id}-title-error`} message={errors.title} />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-type`}>Document Type</Label>
            <NativeSelect
              id={`${id}-type`}
              options={DOCUMENT_TYPES}
              value={documentType}
              disabled={uploading}
              aria-invalid={errors.documentType ? true : undefined}
              aria-describedby={describedBy('documentType')}
              onChange={(e) => setDocumentType(e.target.value)}
            />
            <FieldError id={`${id}-documentType-error`} message={errors.documentType} />
          </div>
          {aircraft.length > 0 && (
            <div>
              <Label htmlFor={`${id}-aircraft`}>Aircraft</Label>
              <NativeSelect
                id={`${id}-aircraft`}
                options={aircraftOptions}
                value={aircraftId}
                disabled={uploading}
                aria-invalid={errors.aircraftId ? true : undefined}
                aria-describedby={describedBy('aircraftId')}
                onChange={(e) => setAircraftId(e.target.value)}
              />
              <FieldError id={`${id}-aircraftId-error`} message={errors.aircraftId} />
            </div>
          )}
        </div>

        <div>
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            rows={3}
            maxLength={DOCUMENT_TEXT.description}
            disabled={uploading}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
            onChange={(e) => setDescription(e.target.value)}
          />
          <FieldError id={`${id}-description-error`} message={errors.description} />
        </div>

        {progress && (
          <div className="space-y-1.5">
            <div className="flex justify-between text-sm">
              <span aria-live="polite">{PHASE_LABEL[progress.phase]}</span>
              <span className="tabular-nums text-muted-foreground">{Math.round(progress.percent)}%</span>
            </div>
            <Progress
              value={progress.percent}
              label="Upload progress"
              valueText={`${Math.round(progress.percent)}% uploaded`}
            />
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => (uploading ? abortRef.current?.abort() : onOpenChange(false))}>
            {uploading ? 'Cancel Upload' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={uploading}>
            {uploading ? <Spinner /> : <Upload className="h-4 w-4" aria-hidden="true" />}
            Upload Document
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

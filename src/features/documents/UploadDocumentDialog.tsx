import { Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { SelectField, TextareaField, TextField } from '../../components/ui/form-bits.tsx';
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
import { z } from '../../contract/zod.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatBytes } from './format.ts';
import { checkBeforeUpload, isAbort, uploadDocument, type UploadProgress } from './upload-client.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

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

interface Values {
  file: File | null;
  title: string;
  documentType: string;
  description: string;
  /** `NO_AIRCRAFT` or an aircraft's id. */
  aircraftId: string;
}

/**
 * The function's metadata schema, with the file checked as the server checks it (size, type by
 * content) before anything is sent, and "no specific aircraft" as the null the server takes.
 */
const uploadSchema = (serviceRequestId: string | null) =>
  DocumentMetadataSchema.extend({
    aircraftId: z.preprocess((v) => (v === NO_AIRCRAFT ? null : v), DocumentMetadataSchema.shape.aircraftId),
    serviceRequestId: z.preprocess(() => serviceRequestId, DocumentMetadataSchema.shape.serviceRequestId),
    file: z.custom<File | null>().superRefine(async (file, ctx) => {
      const problem = file ? await checkBeforeUpload(file) : DOCUMENT_MESSAGES.noFile;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });

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
  const defaults = useMemo<Values>(
    () => ({
      file: null,
      title: '',
      documentType: defaultDocumentType,
      description: '',
      aircraftId: initialAircraftId ?? NO_AIRCRAFT,
    }),
    [defaultDocumentType, initialAircraftId],
  );
  const schema = useMemo(() => uploadSchema(serviceRequestId ?? null), [serviceRequestId]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    trigger,
    watch,
    formState: { errors },
  } = useContractForm(schema, defaults, { parsed: true });
  const file = watch('file');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    reset(defaults);
    setProgress(null);
  }, [open, defaults, reset]);

  // Closing the page's dialog mid-upload (e.g. the dashboard unmounts) cancels the upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  const upload = async ({ file: chosen, ...metadata }: z.output<typeof schema>) => {
    if (uploading || !chosen) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ phase: 'preparing', percent: 0 });
    try {
      const doc = await uploadDocument(chosen, metadata, { onProgress: setProgress, signal: controller.signal });
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
  // No file chosen is also said aloud: the file field is easy to miss on a phone.
  const onInvalid = () => {
    if (!file) toast.error(DOCUMENT_MESSAGES.noFile);
  };

  const aircraftOptions = [
    { value: NO_AIRCRAFT, label: 'No specific aircraft' },
    ...aircraft.map((a) => ({ value: a.id, label: `${a.tailNumber} · ${a.make} ${a.model}` })),
  ];
  const f = { prefix: id, register, errors, disabled: uploading } as const;
  const fileError = errors.file?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !uploading && onOpenChange(next)}
      title="Upload Document"
      description="Keep logbooks, certificates, invoices and reports with your aircraft."
    >
      <form onSubmit={handleSubmit(upload, onInvalid)} noValidate className="space-y-4" aria-busy={uploading}>
        <FormField
          id={`${id}-file`}
          label="File *"
          error={fileError}
          hint={`${file ? `${file.name} · ${formatBytes(file.size)} · ` : ''}${UPLOAD_HINT}`}
        >
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <Input
                ref={field.ref}
                id={`${id}-file`}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                required
                disabled={uploading}
                className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
                {...fieldAria(`${id}-file`, fileError, true)}
                onChange={(e) => {
                  field.onChange(e.target.files?.[0] ?? null);
                  // The chosen file is checked at once, as it will be on sending.
                  void trigger('file');
                }}
              />
            )}
          />
        </FormField>

        <TextField
          {...f}
          name="title"
          label="Title *"
          maxLength={DOCUMENT_TEXT.title}
          required
          placeholder="e.g. 2026 Annual Inspection"
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...f} name="documentType" id={`${id}-type`} label="Document Type" options={DOCUMENT_TYPES} />
          {aircraft.length > 0 && (
            <SelectField {...f} name="aircraftId" id={`${id}-aircraft`} label="Aircraft" options={aircraftOptions} />
          )}
        </div>

        <TextareaField {...f} name="description" label="Description" rows={3} maxLength={DOCUMENT_TEXT.description} />

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

import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import type { EmailPreview, EmailTemplateView } from '../../../contract/admin-email-templates.ts';
import { configApi } from './config-api.ts';

/**
 * The server's preview (placeholders filled from sample data, HTML sanitized), rendered in a
 * sandboxed frame: no scripts, no same-origin access, whatever the template holds.
 */
export function EmailPreviewDialog({ template, onClose }: { template: EmailTemplateView | null; onClose: () => void }) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; preview: EmailPreview }
  >({ status: 'loading' });
  useEffect(() => {
    if (!template) return;
    let live = true;
    setState({ status: 'loading' });
    configApi
      .previewTemplate(template.id)
      .then((preview) => live && setState({ status: 'ready', preview }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [template]);

  return (
    <Dialog
      open={template !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Preview: ${template?.name ?? ''}`}
      description="Filled with sample data."
      className="max-w-2xl"
    >
      {state.status === 'loading' && <Loading label="Rendering preview..." />}
      {state.status === 'error' && <Alert>Failed to render the preview</Alert>}
      {state.status === 'ready' && (
        <div className="space-y-3">
          <p className="text-sm">
            <span className="font-semibold">To:</span> {state.preview.sample.firstName} {state.preview.sample.lastName}
          </p>
          <p className="text-sm">
            <span className="font-semibold">Subject:</span> {state.preview.subject}
          </p>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={state.preview.html}
            className="h-96 w-full rounded-md border border-border bg-white"
          />
        </div>
      )}
    </Dialog>
  );
}

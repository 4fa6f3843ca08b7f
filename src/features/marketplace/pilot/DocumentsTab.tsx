import { FileText } from 'lucide-react';
import { EmptyState } from '../ui/EmptyState.tsx';

/** Documents come with their own feature; until then an honest empty list. */
export default function DocumentsTab() {
  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <h2 id="documents-heading" className="text-xl font-semibold">
        Documents
      </h2>
      <EmptyState Icon={FileText} title="No documents yet" hint="Logbooks, certificates, invoices and inspection reports will live here. Document uploads are coming soon." />
    </section>
  );
}

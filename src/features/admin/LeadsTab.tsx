import { ROUTES } from '../../contract/routes/admin.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { ADMIN_LISTS } from '../../contract/admin-dashboard.ts';
import { formatDateTime, titleCase } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ExportLeadsButton } from './ExportLeadsButton.tsx';
import { useAdminData } from './use-admin-data.ts';

/** Leads tab: the first 20 captured leads (popup and other sources), newest first. */
export default function LeadsTab({ onAuthLost }: { onAuthLost: (status: 401 | 403) => void }) {
  const { state, reload } = useAdminData(
    ROUTES.leadsForAdmin,
    { limit: ADMIN_LISTS.leadsShown },
    onAuthLost,
    'Failed to load leads',
  );
  if (state.status === 'loading') return <Loading label="Loading leads..." />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  if (state.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border py-12 text-center">
        <p className="font-medium">No leads yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Visitors who claim the discount offer will appear here.</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading" className="sr-only">
        Leads
      </h2>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          The {ADMIN_LISTS.leadsShown} most recent site leads (popup and forms), newest first. People found by Lead
          Search are under Marketing.
        </p>
        <ExportLeadsButton kind="leads" label="Export all site leads (CSV)" />
      </div>
      {/* Phones: one card per lead, every field readable without scrolling sideways. */}
      <ul className="space-y-2 md:hidden" aria-label="Leads">
        {state.data.map((lead) => (
          <li key={lead.id} data-testid="lead" className="rounded-lg border border-border bg-background p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium">{lead.firstName}</p>
              <Badge tone={lead.status.toLowerCase() === 'new' ? 'info' : 'secondary'}>{lead.status}</Badge>
            </div>
            <a className="block break-all hover:text-accent" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
            {lead.phone && <p>{lead.phone}</p>}
            <p className="text-muted-foreground">
              {titleCase(lead.source)} · <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
            </p>
            {lead.discountCode && (
              <p>
                Code <span className="font-mono">{lead.discountCode}</span>:{' '}
                {lead.codeUsedAt ? `Used on a quote ${formatDateTime(lead.codeUsedAt)}` : 'Not used yet'}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-border bg-background md:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Phone
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Source
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Discount code
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {state.data.map((lead) => (
              <tr key={lead.id} data-testid="lead">
                <td className="px-4 py-3 font-medium">{lead.firstName}</td>
                <td className="px-4 py-3">
                  <a className="whitespace-nowrap hover:text-accent" href={`mailto:${lead.email}`}>
                    {lead.email}
                  </a>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{lead.phone ?? '—'}</td>
                <td className="px-4 py-3">{titleCase(lead.source)}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {lead.discountCode ? (
                    <>
                      <span className="font-mono">{lead.discountCode}</span>
                      <span className="block text-xs text-muted-foreground">
                        {lead.codeUsedAt ? `Used on a quote ${formatDateTime(lead.codeUsedAt)}` : 'Not used yet'}
                      </span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="px-4 py-3">
                  <Badge tone={lead.status.toLowerCase() === 'new' ? 'info' : 'secondary'}>{lead.status}</Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

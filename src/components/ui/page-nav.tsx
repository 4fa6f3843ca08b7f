import { Button } from './button.tsx';

/**
 * Previous / Next between the pages of a console list that answers `{ page, hasMore }`; shown only
 * when there is more than one page. `label` names the list for screen readers ("… pages").
 */
export function PageNav({
  label,
  page,
  hasMore,
  onPage,
}: {
  label: string;
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="flex items-center gap-3" aria-label={`${label} pages`}>
      <Button size="sm" variant="outline" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm">Page {page}</span>
      <Button size="sm" variant="outline" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

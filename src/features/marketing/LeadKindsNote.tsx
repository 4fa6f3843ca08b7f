/**
 * Says which leads "Manage Leads (N)" counts ("Manage Leads (7)" beside 22
 * popup leads with no word on the difference): the people Lead Search found, not the visitors who
 * claimed the popup's discount or wrote through the site, who are in the Leads tab and the Inbox.
 */
export function LeadKindsNote({ found, siteLeads }: { found: number; siteLeads: number | undefined }) {
  return (
    <p className="mb-3 text-sm text-muted-foreground" data-testid="lead-kinds-note">
      {found === 1 ? '1 person' : `${found.toLocaleString('en-US')} people`} found by Lead Search (Apollo) are listed
      here.
      {siteLeads !== undefined &&
        ` Visitors who claimed the popup discount or wrote through the website (${siteLeads.toLocaleString('en-US')}) are site leads: see the Leads tab and the Inbox, where they can be exported too.`}
    </p>
  );
}

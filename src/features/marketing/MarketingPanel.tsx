// Placeholder until its feature lands: the admin console shows this panel's tab already.
export default function MarketingPanel() {
  return <p className="py-8 text-center text-muted-foreground">Marketing tools are coming soon.</p>;
}

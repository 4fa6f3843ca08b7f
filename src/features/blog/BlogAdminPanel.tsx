// Placeholder until its feature lands: the admin console shows this panel's tab already.
export default function BlogAdminPanel() {
  return <p className="py-8 text-center text-muted-foreground">Blog management is coming soon.</p>;
}

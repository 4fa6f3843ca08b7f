// Placeholder until its feature lands: the admin console shows this panel's tab already.
export default function CustomersPanel() {
  return <p className="py-8 text-center text-muted-foreground">Customer management is coming soon.</p>;
}

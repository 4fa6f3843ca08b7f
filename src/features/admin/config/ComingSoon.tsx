import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/** The Analytics and A/B Tests tabs: placeholders until those features exist (docs/product.md §2). */
export function ComingSoon({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center sm:py-16">
        <Icon className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="max-w-md text-sm text-muted-foreground">{text}</p>
        <p className="text-sm font-medium text-accent">Coming soon</p>
      </CardContent>
    </Card>
  );
}

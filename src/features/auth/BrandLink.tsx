import { Plane } from 'lucide-react';
import { BUSINESS } from '../../contract/business.ts';

/** The brand, linking home: the entry screens have no site header. */
export function BrandLink() {
  return (
    <a href="/" className="inline-flex items-center gap-2 rounded-md font-semibold text-foreground hover:text-accent">
      <span className="grid h-9 w-9 place-items-center rounded-lg bg-brand text-sky-300">
        <Plane className="h-5 w-5" aria-hidden="true" />
      </span>
      <span>{BUSINESS.name}</span>
    </a>
  );
}

import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { BrandLink } from '../auth/BrandLink.tsx';
import { ChangePasswordButton } from '../auth/ChangePasswordDialog.tsx';

/** The dashboards' header: brand, a heading, the bell, who is signed in, and Logout. */
export function DashboardHeader({
  heading,
  subheading,
  bell,
  name,
  roleLabel,
  onLogout,
}: {
  heading: string;
  subheading?: string;
  bell: ReactNode;
  name: string;
  roleLabel: string;
  onLogout: () => void;
}) {
  return (
    <header className="border-b border-border bg-background">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
        <BrandLink />
        <div className="flex items-center gap-2 sm:gap-3">
          {bell}
          <div className="text-right leading-tight">
            <p className="text-sm font-semibold">{name}</p>
            <p className="text-xs text-muted-foreground">{roleLabel}</p>
          </div>
          <ChangePasswordButton onSignedOutEverywhere={onLogout} />
          <Button variant="outline" size="sm" onClick={onLogout}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      <div className="container-page pb-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        {subheading && <p className="mt-1 text-muted-foreground">{subheading}</p>}
      </div>
    </header>
  );
}

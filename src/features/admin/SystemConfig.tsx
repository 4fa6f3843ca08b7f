import { ArrowLeft, BarChart3, FlaskConical } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { CONSOLE_PARAMS } from '../../contract/console-address.ts';
import { useSection } from '../../lib/history-entries.ts';
import { ApiKeysTab } from './config/ApiKeysTab.tsx';
import { ComingSoon } from './config/ComingSoon.tsx';
import { EmailTab } from './config/EmailTab.tsx';
import { ReferralsTab } from './config/ReferralsTab.tsx';
import { SettingsTab } from './config/SettingsTab.tsx';

const CONFIG_TABS = ['api-keys', 'settings', 'referrals', 'email', 'analytics', 'ab-tests'] as const;
type ConfigTab = (typeof CONFIG_TABS)[number];

/**
 * System Configuration (docs/product.md §2): six tabs; each loads its data when opened. The open
 * tab is part of the address (`config=`, docs/decisions/0421-console-addresses.md).
 */
export default function SystemConfig({ onBack }: { onBack: () => void }) {
  const [tab, choose] = useSection<ConfigTab>(CONFIG_TABS, 'api-keys', { param: CONSOLE_PARAMS.config });
  return (
    <section aria-labelledby="system-config-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="system-config-title" className="text-2xl font-bold">
            System Configuration
          </h2>
          <p className="text-sm text-muted-foreground">
            Integration keys, settings, the referral program and email templates.
          </p>
        </div>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Dashboard
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(v) => choose(v as ConfigTab)}>
        <TabsList aria-label="System configuration sections">
          <TabsTrigger value="api-keys">API Keys</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
          <TabsTrigger value="referrals">Referrals</TabsTrigger>
          <TabsTrigger value="email">Email</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="ab-tests">A/B Tests</TabsTrigger>
        </TabsList>
        <TabsContent value="api-keys">
          <ApiKeysTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
        <TabsContent value="referrals">
          <ReferralsTab />
        </TabsContent>
        <TabsContent value="email">
          <EmailTab />
        </TabsContent>
        <TabsContent value="analytics">
          <ComingSoon
            icon={BarChart3}
            title="Analytics"
            text="Traffic, conversion and campaign analytics will appear here."
          />
        </TabsContent>
        <TabsContent value="ab-tests">
          <ComingSoon
            icon={FlaskConical}
            title="A/B Tests"
            text="Experiments on pages and email templates will be managed here."
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}

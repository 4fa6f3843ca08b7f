import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { PublicUser } from '../../contract/auth.ts';
import { BrandLink } from './BrandLink.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm, entryParam } from './SignUpForm.tsx';
import { currentInvitation } from '../inbox/invitation.ts';

/** The sign-in / sign-up screen of /login and /dashboard (docs/product.md §2). */
export function AuthScreen({
  onSignedIn,
  onIntent,
}: {
  onSignedIn: (token: string, user: PublicUser) => void;
  /** The person started signing in or up: fetch the dashboards' code now (EntryApp). */
  onIntent?: (() => void) | undefined;
}) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center bg-muted px-4 py-8 sm:py-12">
      <BrandLink />
      <Card className="mt-6 w-full max-w-lg">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold">Welcome</h1>
          <CardDescription>
            Sign in to your account, or create one as an aircraft owner or an A&amp;P mechanic.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* An invitation from the business's inbox (docs/decisions/0210) or /login?tab=signup (the home page's sign-up links) opens on Sign Up. */}
          <Tabs defaultValue={currentInvitation() || entryParam('tab') === 'signup' ? 'signup' : 'signin'}>
            <TabsList className="grid grid-cols-2">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm onSignedIn={onSignedIn} onIntent={onIntent} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm onSignedIn={onSignedIn} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}

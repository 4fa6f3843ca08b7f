import { Tabs as T } from 'radix-ui';
import { createContext, useContext, type ComponentProps } from 'react';
import { cn } from './cn.ts';

/** The open tab of a controlled `Tabs`, for its panels (undefined when the tabs keep their own). */
const OpenTab = createContext<string | undefined>(undefined);

export function Tabs(props: ComponentProps<typeof T.Root>) {
  return (
    <OpenTab.Provider value={props.value}>
      <T.Root {...props} />
    </OpenTab.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    // Wraps onto a second row on a phone: every section stays in reach, none hidden off-screen.
    <T.List
      className={cn('flex w-full flex-wrap gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap',
        'hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, value, children, ...props }: ComponentProps<typeof T.Content>) {
  const open = useContext(OpenTab);
  const classes = cn('mt-4 focus-visible:outline-2', className);
  if (open === undefined)
    return (
      <T.Content className={classes} value={value} {...props}>
        {children}
      </T.Content>
    );
  // Controlled tabs: the chosen panel's content renders in the very render that chooses it. Radix's
  // own mounting adds it one layout effect later, an urgent render of its own, so a lazy panel chosen
  // in a transition would still show its spinner instead of the open panel staying until it can show
  // (docs/decisions/0491-tab-change-transition.md). Every panel is in the page, hidden but the open one.
  const selected = open === value;
  return (
    <T.Content className={classes} value={value} forceMount hidden={!selected} {...props}>
      {selected ? children : null}
    </T.Content>
  );
}

// The ten deliberate defects of `npm run test:defects` (scripts/defect-drill.ts): each a change of
// one place in the code and the tests that must fail once it is in. tests/unit/defect-drill.test.ts
// checks that each still finds its code, so a refactor cannot make the drill pass by missing.
export interface Defect {
  id: string;
  what: string;
  file: string;
  find: string;
  replace: string;
  /** The command that should fail once the defect is in. */
  run: string[];
}

const vitest = (project: 'unit' | 'api', ...files: string[]) => [
  'node_modules/.bin/vitest',
  'run',
  '--project',
  project,
  ...files,
];

export const DEFECTS: Defect[] = [
  {
    id: 'row-lock',
    what: 'the payment row is read without its lock (two steps of one job at once)',
    file: 'src/features/payments/money.server.ts',
    find: ".where('appointmentId', '=', appointmentId)\n      .forUpdate()\n",
    replace: ".where('appointmentId', '=', appointmentId)\n",
    run: vitest('api', 'tests/api/payments.test.ts'),
  },
  {
    id: 'role-check',
    what: 'a pilot may refund a payment (the admin role check lets pilots through)',
    // Who may call a route is its entry in the route table, checked before the handler (ADR 0430).
    file: 'src/contract/routes/payments.ts',
    find: "path: '/api/admin/payments/:id/refund',\n    access: { roles: ['admin'] },",
    replace: "path: '/api/admin/payments/:id/refund',\n    access: { roles: ['admin', 'pilot'] },",
    run: vitest('api', 'tests/api/payments.test.ts'),
  },
  {
    id: 'job-figure-sum',
    what: "a job's total leaves out the parts",
    file: 'src/contract/job-figures.ts',
    find: 'totalCost: (s.labor + s.parts) / 100,',
    replace: 'totalCost: s.labor / 100,',
    run: vitest('unit', 'src/contract/job-figures.test.ts'),
  },
  {
    id: 'csp-header',
    what: 'the API answers without its Content-Security-Policy',
    file: 'src/server/http/security-headers.ts',
    find: "    headers.set('Content-Security-Policy', contentSecurityPolicy());",
    replace: '',
    run: vitest('api', 'tests/api/security.test.ts'),
  },
  {
    id: 'paging-off-by-one',
    what: 'a page holds one row less than asked (and the next page starts after it)',
    file: 'src/server/http/paging.ts',
    find: 'const page = rows.slice(0, limit);',
    replace: 'const page = rows.slice(0, limit - 1);',
    run: vitest('api', 'tests/api/paging.test.ts'),
  },
  {
    id: 'status-transition',
    what: 'a confirmed appointment can be completed without being started',
    file: 'src/contract/machines.ts',
    find: "    confirmed: refuse('Start the work before completing it'),\n    in_progress: to('completed'),",
    replace: "    confirmed: to('completed'),\n    in_progress: to('completed'),",
    run: vitest('unit', 'src/contract/machines.test.ts', 'src/contract/status-machines.test.ts'),
  },
  {
    id: 'signed-twice',
    what: 'a signed entry can be signed again (the sign step accepts any state)',
    file: 'src/features/records/record-draft.server.ts',
    find: ".where('status', 'in', fromStates(RECORD_MACHINE, 'edit'));\n  if (lock) q = q.forUpdate();",
    replace: '\n  if (lock) q = q.forUpdate();',
    run: vitest('api', 'tests/api/records.test.ts'),
  },
  {
    id: 'hydration',
    what: "the quote form's first render differs between the server and the browser",
    file: 'src/features/quotes/QuoteForm.tsx',
    find: '      {toasts.toaster}\n',
    replace:
      "      {toasts.toaster}\n      <span hidden>{typeof window === 'undefined' ? 'server' : 'browser'}</span>\n",
    run: ['node_modules/.bin/playwright', 'test', 'tests/e2e/hydration.spec.ts'],
  },
  {
    id: 'email-link',
    what: 'the link in a notification email points to a page that does not exist',
    file: 'src/features/marketplace/links.ts',
    find: 'return `/dashboard?section=',
    replace: 'return `/dashbord?section=',
    run: vitest('api', 'tests/api/appointment-schedule.test.ts'),
  },
  {
    id: 'unescaped',
    what: 'a name put into an HTML email is not escaped',
    file: 'src/server/email/template-render.ts',
    find: "return mode === 'html' ? escapeHtml(value) : value;",
    replace: 'return value;',
    run: vitest('unit', 'src/server/email/template-render.test.ts'),
  },
];

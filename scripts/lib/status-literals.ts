// Status string literals written by the server outside the status machines
// (docs/decisions/0458-no-status-literal-in-a-write.md). A status moves through its machine's
// `transition()` / `targetOf()` or a value read from the row, so the table in src/contract/ stays
// the one place that says which statuses follow which. No dependency beyond TypeScript: the files
// are parsed, not type-checked, so the check runs in a unit test in a second.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface StatusLiteral {
  /** Relative to the scanned root, with forward slashes. */
  file: string;
  line: number;
  /** The offending code, trimmed. */
  text: string;
}

/** A column or field that holds a status: `status`, `inboxStatus`, `disputeStatus`... */
const STATUS_KEY = /(^|[a-z_])(status|Status)$/;

/** Calls whose object arguments are rows written: Kysely's `.set()` / `.values()` / `.doUpdateSet()`, or a helper named for it. */
const WRITE_METHOD = /^(set|values|doUpdateSet)$/;
const WRITE_HELPER = /^(update|insert)\w*$/;
/** A call that moves a status by a function of its own (`moveStatus(trx, kind, row, 'contacted', ...)`). */
const STATUS_MOVER = /(status|Status)$/;

/** A raw SQL write that sets a status column to a literal. */
const SQL_STATUS_WRITE = /\b(update\b[\s\S]*\bset\b|insert\s+into\b)[\s\S]*\b\w*status\s*=\s*'/i;

/** The string literals an expression evaluates to directly (`'a'`, `c ? 'a' : 'b'`, `'a' as const`, `x ?? 'a'`). */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
  )
    return literalsOf(node.right);
  return [];
}

function calleeName(call: ts.CallExpression): string | undefined {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

/** Whether an object literal is (inside) an argument of a write call: `.set({...})`, `.values({...})`, `update(trx, row, {...})`. */
function isWritten(object: ts.ObjectLiteralExpression): boolean {
  let node: ts.Node = object;
  // Up through spreads and conditionals: `.set({ ...(done ? { status: 'x' } : {}) })`.
  while (
    ts.isObjectLiteralExpression(node.parent) ||
    ts.isSpreadAssignment(node.parent) ||
    ts.isParenthesizedExpression(node.parent) ||
    ts.isConditionalExpression(node.parent) ||
    ts.isArrayLiteralExpression(node.parent) ||
    ts.isAsExpression(node.parent)
  )
    node = node.parent;
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(node as ts.Expression)) return false;
  const name = calleeName(call);
  if (!name) return false;
  return ts.isPropertyAccessExpression(call.expression)
    ? WRITE_METHOD.test(name) || WRITE_HELPER.test(name)
    : WRITE_HELPER.test(name);
}

/** The status literals written in one file's text. */
export function statusLiteralsIn(file: string, text: string): StatusLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: StatusLiteral[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file, line: line + 1, text: (text.split('\n')[line] ?? '').trim() });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      STATUS_KEY.test(node.name.text) &&
      ts.isObjectLiteralExpression(node.parent) &&
      literalsOf(node.initializer).length > 0 &&
      isWritten(node.parent)
    )
      report(node);
    if (ts.isCallExpression(node) && STATUS_MOVER.test(calleeName(node) ?? '')) {
      if (node.arguments.some((a) => literalsOf(a).length > 0)) report(node);
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const raw = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? node.template.text
        : [node.template.head.text, ...node.template.templateSpans.map((s) => s.literal.text)].join('${}');
      if (SQL_STATUS_WRITE.test(raw)) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every `*.server.ts` under `dir` (relative to `root`), recursively. */
function serverFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverFiles(root, rel);
    return entry.name.endsWith('.server.ts') ? [rel] : [];
  });
}

/**
 * The status literals written by the server under `dir` of `root` (default `src`): every
 * `*.server.ts`. The machines themselves live in `src/contract/` (`machines.ts`,
 * `status-machines.ts`, `aog-machine.ts`), none of them a server file; migrations are `.ts`
 * files the check does not read (they write the history, not the product's moves).
 */
export function statusLiterals(root: string, dir = 'src'): StatusLiteral[] {
  return serverFiles(root, dir).flatMap((file) => statusLiteralsIn(file, readFileSync(path.join(root, file), 'utf8')));
}

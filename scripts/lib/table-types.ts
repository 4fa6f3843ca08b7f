// The tables and columns the code declares to Kysely (`src/server/db/schema.ts`), read with the
// TypeScript compiler: each column's name as PostgreSQL spells it (the CamelCasePlugin's rule), the
// kind of value a select gives back, and whether it can be null. tests/api/table-types.test.ts holds
// them against the migrated database's information_schema.
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './paths.ts';

export type ValueKind = 'string' | 'number' | 'boolean' | 'Date' | 'array' | 'object';

export interface DeclaredColumn {
  kind: ValueKind | 'mixed';
  nullable: boolean;
}

/** Kysely's CamelCasePlugin: an upper-case letter becomes `_` and its lower case. */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function kindOf(type: ts.Type, checker: ts.TypeChecker): ValueKind | 'mixed' | 'null' {
  if (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) return 'null';
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (checker.isArrayType(type) || checker.isTupleType(type)) return 'array';
  if (type.getSymbol()?.getName() === 'Date') return 'Date';
  if (type.isUnion()) {
    const kinds = new Set(type.types.map((t) => kindOf(t, checker)).filter((k) => k !== 'null'));
    return kinds.size === 1 ? [...kinds][0]! : 'mixed';
  }
  return 'object';
}

/** Every table of the `Database` interface, by its PostgreSQL name, with its declared columns. */
export function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const schemaFile = path.join(ROOT, 'src/server/db/schema.ts');
  const program = ts.createProgram([schemaFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error('No `Database` interface in src/server/db/schema.ts');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database.name))) {
    const columns = new Map<string, DeclaredColumn>();
    const tableType = checker.getTypeOfSymbol(table);
    for (const column of checker.getPropertiesOfType(tableType)) {
      let type = checker.getTypeOfSymbol(column);
      // ColumnType<Select, Insert, Update> and Generated<T> carry what a select answers in `__select__`.
      const selected = type.getProperty('__select__');
      if (selected) type = checker.getTypeOfSymbol(selected);
      const kind = kindOf(type, checker);
      const nullable =
        kind === 'null' ||
        (type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      columns.set(snakeCase(column.getName()), { kind: kind === 'null' ? 'mixed' : kind, nullable });
    }
    tables.set(snakeCase(table.getName()), columns);
  }
  return tables;
}

/** The kind of value node-postgres gives back for a PostgreSQL column type (information_schema's data_type). */
export function kindForDataType(dataType: string, udtName: string): ValueKind[] {
  switch (dataType) {
    case 'integer':
    case 'smallint':
    case 'real':
    case 'double precision':
      return ['number'];
    // bigint and numeric stay strings (precision), as the pool is configured.
    case 'bigint':
    case 'numeric':
    case 'text':
    case 'character varying':
    case 'character':
    case 'uuid':
    case 'inet':
    case 'tsvector':
    case 'interval':
    case 'bytea':
      return dataType === 'bytea' ? ['object'] : ['string'];
    case 'boolean':
      return ['boolean'];
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return ['Date'];
    // pg parses a date into a Date at local midnight; a column may declare the string it formats.
    case 'date':
      return ['Date', 'string'];
    case 'json':
    case 'jsonb':
      return ['object', 'array', 'string', 'number', 'boolean', 'mixed' as ValueKind];
    case 'ARRAY':
      return ['array'];
    case 'USER-DEFINED':
      return udtName === 'citext' ? ['string'] : ['string', 'object'];
    default:
      return [];
  }
}

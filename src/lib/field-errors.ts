// Field messages from a refusal, for any form: the quote form and the lead popup read the same
// `errors` list, so the function sits below both features (docs/decisions/0004-dependency-direction.md).

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The first message per field from the server's `errors: [{ path, message }]`. */
export function fieldErrorsOf(body: unknown): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  const errors = isRecord(body) && Array.isArray(body['errors']) ? body['errors'] : [];
  for (const e of errors) {
    if (!isRecord(e) || typeof e['path'] !== 'string' || typeof e['message'] !== 'string') continue;
    const field = e['path'].split('.')[0] ?? '';
    if (field && out[field] === undefined) out[field] = e['message'];
  }
  return out;
}

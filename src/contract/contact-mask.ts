/**
 * Contact details hidden before a quote is accepted (docs/decisions/0220, 0351). The text is read
 * through a normalised view (Unicode NFKC, invisible characters dropped, dashes unified, look-alike
 * letters and spelled-out digits read as digits, "at"/"dot" read as @ and .), each character of
 * the view remembering where it came from; what is found is hidden in the original text, so the
 * words around a hidden part stay as written. Ordinary aviation text keeps its numbers: a run of
 * digits is a phone only with 10-15 digits ending in a group of four (or as one block), as
 * ddd-dddd, or right after "call me at" and the like.
 */

export const HIDDEN = {
  email: '[email hidden]',
  phone: '[phone hidden]',
  link: '[link hidden]',
  handle: '[handle hidden]',
} as const;

export interface MaskResult {
  text: string;
  masked: boolean;
}

/** A text and, for each of its characters, the span of the original it stands for. */
interface View {
  text: string;
  start: number[];
  end: number[];
}

const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]/;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;
const EXTRA: Record<string, string> = { '\u3002': '.', '\uFF61': '.', '\u2024': '.', '\u2219': '.', '\u00B7': '.' };

/** NFKC per character, with invisible characters dropped and dashes and dots unified. */
function normalised(input: string): View {
  const view: View = { text: '', start: [], end: [] };
  let i = 0;
  for (const ch of input) {
    const next = i + ch.length;
    const out = INVISIBLE.test(ch) ? '' : DASHES.test(ch) ? '-' : (EXTRA[ch] ?? ch.normalize('NFKC'));
    for (const c of out) {
      view.text += c;
      view.start.push(i);
      view.end.push(next);
    }
    i = next;
  }
  return view;
}

/** The view with each match of `pattern` replaced by `by(match)`, the spans kept. */
function rewrite(view: View, pattern: RegExp, by: (m: RegExpExecArray) => string): View {
  const out: View = { text: '', start: [], end: [] };
  let last = 0;
  const keep = (from: number, to: number) => {
    out.text += view.text.slice(from, to);
    out.start.push(...view.start.slice(from, to));
    out.end.push(...view.end.slice(from, to));
  };
  for (const m of view.text.matchAll(pattern)) {
    const at = m.index;
    keep(last, at);
    const replacement = by(m as RegExpExecArray);
    const from = view.start[at] ?? 0;
    const to = view.end[at + m[0].length - 1] ?? from;
    for (const c of replacement) {
      out.text += c;
      out.start.push(from);
      out.end.push(to);
    }
    last = at + m[0].length;
  }
  keep(last, view.text.length);
  return out;
}

type Kind = keyof typeof HIDDEN;
interface Span {
  from: number;
  to: number;
  kind: Kind;
}

/** Spans of the original text where `pattern` (or the group that matched, when it has groups) matches in the view. */
function find(view: View, pattern: RegExp, kind: Kind, accept: (m: RegExpExecArray) => boolean = () => true): Span[] {
  const spans: Span[] = [];
  for (const m of view.text.matchAll(pattern)) {
    if (!accept(m as RegExpExecArray)) continue;
    const indices = (m as RegExpExecArray & { indices?: Array<[number, number] | undefined> }).indices;
    const group = indices?.[1] ?? indices?.[2];
    const [a, b] = group ?? [m.index, m.index + m[0].length];
    if (b <= a) continue;
    spans.push({ from: view.start[a]!, to: view.end[b - 1]!, kind });
  }
  return spans;
}

const TLDS =
  'com|net|org|edu|gov|mil|io|me|co|us|uk|ca|de|fr|au|app|info|biz|xyz|gg|tv|ly|link|page|site|online|aero|email|mail|live|pro';
const DOT = String.raw`(?:\s*\.\s*|\s*[(\[{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)`;
const LOCAL = String.raw`[a-z0-9_%+-]+(?:${DOT}[a-z0-9_%+-]+)*`;
/** An address written with @ (after NFKC "＠" is "@"), or with "at" and "dot" spelled around it. */
const EMAIL_AT = new RegExp(
  String.raw`(?<![a-z0-9_.%+-])${LOCAL}\s*@\s*[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}[a-z]{2,}\b(?!\/)`,
  'gi',
);
const EMAIL_WORDS = new RegExp(
  String.raw`(?<![a-z0-9_.%+-])${LOCAL}(?:\s*[(\[{<]\s*at\s*[)\]}>]\s*|\s+at\s+)[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${TLDS})\b(?!\/)`,
  'gi',
);
const LINK = new RegExp(
  String.raw`(?:\b(?:https?:\/\/|www\.)\S+|(?<![@\w.-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:\/\S*)?)`,
  'gi',
);
const PLATFORMS =
  'instagram|insta|ig|telegram|snapchat|twitter|tiktok|facebook|fb|messenger|whatsapp|whats\\s?app|discord|skype|wechat|kik|linkedin';
/** Platform names that are also aviation words ("snap ring", "signal"): only after "add me on". */
const AMBIGUOUS_PLATFORMS = 'snap|signal|threads|tg|wa|x';
/** "@handle" not part of an address, and "insta: handle", "telegram is handle", "snap @handle". */
const AT_HANDLE = /(?<![\w.@])(@[a-z0-9_](?:[a-z0-9_.]{1,29}))/gi;
const PLATFORM_HANDLE = new RegExp(
  String.raw`\b(?:${PLATFORMS})\b\s*(?:(?:(?:handle|name|id|username|user|acct|account)\b\s*(?:is\b)?|:|-|=|@)\s*)+@?\s*([a-z0-9_][a-z0-9_.]{2,29})`,
  'gid',
);
/** "my insta is jdoe_99": after a bare "is", a handle with a digit, an underscore or a dot. */
const PLATFORM_IS = new RegExp(String.raw`\b(?:${PLATFORMS})\s+is\s+@?([a-z0-9_.]*[0-9_.][a-z0-9_.]*[a-z0-9_])`, 'gid');
/** "add me on snap jdoe99": a platform named after "me on" and a handle after it (a plain word is not one). */
const ADD_ME = new RegExp(
  String.raw`\b(?:add|find|follow|dm|message|msg|text|hit|ping|reach|contact)\s+me\s+(?:on|at|via|@)\s+(?:${PLATFORMS}|${AMBIGUOUS_PLATFORMS})\b(?:\s*[:@-]\s*@?([a-z0-9_][a-z0-9_.]{2,29})|\s+([a-z0-9_.]*[0-9_.][a-z0-9_.]*[a-z0-9_]))`,
  'gid',
);

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  niner: '9',
};
const WORD_LIST = 'zero|oh|one|two|three|four|five|six|seven|eight|niner|nine';
/** A comma between two spelled digits ("six five oh, five five five") is a pause, not a break. */
const SPELLED_COMMA = new RegExp(String.raw`(?<=\b(?:${WORD_LIST})),(?=\s*(?:${WORD_LIST})\b)`, 'gi');
const SPELLED_WORD = /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|niner|nine)\b/gi;
/** Letters that stand for digits (O for 0, l and I for 1) in a letter run made only of them, next to a digit. */
const LOOK_ALIKE_RUN = /(?<=\d[\s()./-]?)[OoIl|]+(?![a-z])|(?<![a-z])[OoIl|]+(?=[\s()./-]?\d)/gi;
const LOOK_ALIKE: Record<string, string> = { O: '0', o: '0', I: '1', l: '1', '|': '1' };

const SEP = String.raw`[\s().\/-]`;
/** A run of digits with phone separators between them (at most two in a row). */
const DIGIT_RUN = new RegExp(String.raw`(?<![a-z0-9#$,.])\+?\(?\d(?:${SEP}{0,2}\d){6,16}(?![a-z0-9]|[.,]\d|%)`, 'gi');
const CONTACT_PHRASE =
  /\b(?:(?:call|text|phone|ring|reach|contact|sms|whats\s?app)\s+(?:me|us)\s+(?:at|on|via)?|my\s+(?:cell|mobile|phone|number|cell\s+number|phone\s+number)\s+is|(?:cell|mobile|phone)\s*(?:#|no\.?|number)?\s*:)\s*$/i;

/** What a number after these words is: a part, a serial, an order, not a phone. */
const REFERENCE_BEFORE =
  /(?:s\/n|\bsn|serial|p\/n|\bpn|part|invoice|order|ref|reference|confirmation|tracking|w\/o|work\s+order)(?:\s+(?:no|number))?\s*[#:.]?\s*$/i;
const DATE_IN_RUN = /(?:^|\D)\d{1,2}\/\d{1,2}\/\d{2,4}(?:\D|$)|(?:^|\D)\d{4}-\d{1,2}-\d{1,2}(?:\D|$)/;

function isPhone(run: string, before: string, spelled: boolean): boolean {
  const digits = run.replace(/\D/g, '');
  if (digits.length > 15) return false;
  if (CONTACT_PHRASE.test(before) || spelled) return digits.length >= 7;
  if (REFERENCE_BEFORE.test(before) || DATE_IN_RUN.test(run)) return false;
  const groups = run.split(/[\s()./-]+/).filter((g) => g !== '' && g !== '+');
  if (/^\d{3}[\s./-]\d{4}$/.test(run.trim())) return true;
  if (digits.length < 10) return false;
  if (groups.length === 1) return true;
  const sizes = groups.map((g) => g.replace(/\D/g, '').length);
  // Digits spaced out one by one, or groups ending in the subscriber's four (or seven) digits.
  if (sizes.every((n) => n === 1)) return true;
  const last = sizes[sizes.length - 1]!;
  return (last === 4 || last === 7) && sizes.slice(0, -1).every((n) => n <= 4);
}

/** Phones in the view: look-alike letters and spelled digits read as digits first. */
const SPELLED_IN = /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|niner|nine)\b/i;

function phones(view: View, input: string): Span[] {
  const spelled = rewrite(
    rewrite(view, SPELLED_COMMA, () => ''),
    SPELLED_WORD,
    (m) => NUMBER_WORDS[m[0].toLowerCase()]!,
  );
  const read = rewrite(spelled, LOOK_ALIKE_RUN, (m) => [...m[0]].map((c) => LOOK_ALIKE[c] ?? c).join(''));
  const spans: Span[] = [];
  for (const m of read.text.matchAll(DIGIT_RUN)) {
    const at = m.index;
    const before = read.text.slice(Math.max(0, at - 40), at);
    const from = read.start[at]!;
    const to = read.end[at + m[0].length - 1]!;
    if (isPhone(m[0], before, SPELLED_IN.test(input.slice(from, to)))) spans.push({ from, to, kind: 'phone' });
  }
  return spans;
}

/** The original text with each span hidden; overlapping spans merge (the first kind found wins). */
function hide(input: string, spans: Span[]): string {
  const sorted = [...spans].sort((a, b) => a.from - b.from || b.to - a.to);
  let out = '';
  let last = 0;
  for (const s of sorted) {
    if (s.from < last) continue;
    out += input.slice(last, s.from) + HIDDEN[s.kind];
    last = s.to;
  }
  return out + input.slice(last);
}

/**
 * Hides phone numbers, email addresses, links and social handles. Used by the server on every
 * message sent before acceptance (the stored message keeps the original) and by the composer to
 * tell the writer before sending.
 */
export function maskContacts(input: string): MaskResult {
  const view = normalised(input);
  const spans: Span[] = [
    ...find(view, EMAIL_AT, 'email'),
    ...find(view, EMAIL_WORDS, 'email'),
    ...find(view, LINK, 'link'),
    ...find(view, PLATFORM_HANDLE, 'handle'),
    ...find(view, PLATFORM_IS, 'handle'),
    ...find(view, ADD_ME, 'handle'),
    ...find(view, AT_HANDLE, 'handle'),
    ...phones(view, input),
  ];
  // Emails first: an address's domain is not a link of its own, its local part no handle.
  const ordered = spans.sort((a, b) => a.from - b.from || b.to - a.to);
  const text = hide(input, ordered);
  return { text, masked: text !== input };
}

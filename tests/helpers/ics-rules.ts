/**
 * The structural rules of RFC 5545 an iCalendar validator checks, for the ICS files we serve:
 * CRLF line ends, lines of at most 75 octets (folded with a leading space), BEGIN/END balanced,
 * VCALENDAR with VERSION:2.0 and PRODID exactly once, each VEVENT with exactly one UID, DTSTAMP
 * and DTSTART, an end after its start, date-times in the forms the RFC allows (a UTC `...Z`, or a
 * TZID whose VTIMEZONE is in the file), and the text values' special characters escaped. Answers
 * the broken rules (none for a valid file).
 */
export function icsProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('the file does not end with CRLF');
  if (/[^\r]\n/.test(text)) problems.push('a line ends with LF alone');
  const physical = text.split('\r\n').slice(0, -1);
  physical.forEach((line, i) => {
    if (Buffer.byteLength(line, 'utf8') > 75) problems.push(`line ${i + 1} is longer than 75 octets`);
  });
  // Unfolded content lines.
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) problems.push('the file starts with a continuation line');
      else lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: string[] = [];
  const timezones = new Set<string>();
  const usedZones = new Set<string>();
  let calendarProps: Record<string, number> = {};
  let event: Record<string, string[]> | null = null;
  const dateTime = /^\d{8}T\d{6}Z?$/;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) {
      problems.push(`not a content line: ${line}`);
      continue;
    }
    const [nameAndParams, value] = [line.slice(0, colon), line.slice(colon + 1)];
    const [name = '', ...params] = nameAndParams.split(';');
    if (!/^[A-Z0-9-]+$/.test(name))
      problems.push(`a property name is not upper-case letters, digits and dashes: ${name}`);
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VCALENDAR') calendarProps = {};
      if (value === 'VEVENT') event = {};
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) problems.push(`END:${value} does not close its BEGIN`);
      if (value === 'VEVENT' && event) {
        for (const required of ['UID', 'DTSTAMP', 'DTSTART'])
          if ((event[required] ?? []).length !== 1)
            problems.push(`a VEVENT has ${required} ${event[required]?.length ?? 0} times`);
        const start = event['DTSTART']?.[0];
        const end = event['DTEND']?.[0];
        if (start && end && end.localeCompare(start) <= 0)
          problems.push(`a VEVENT ends (${end}) before it starts (${start})`);
        event = null;
      }
      continue;
    }
    const top = stack.at(-1);
    if (top === 'VCALENDAR') calendarProps[name] = (calendarProps[name] ?? 0) + 1;
    if (top === 'VTIMEZONE' && name === 'TZID') timezones.add(value);
    if (top === 'VEVENT' && event) (event[name] ??= []).push(value);
    if (['DTSTART', 'DTEND', 'DTSTAMP', 'LAST-MODIFIED', 'CREATED'].includes(name)) {
      const tzid = params.find((p) => p.startsWith('TZID='))?.slice(5);
      const isDate = params.includes('VALUE=DATE');
      if (tzid) usedZones.add(tzid);
      if (isDate ? !/^\d{8}$/.test(value) : !dateTime.test(value))
        problems.push(`${name} is not a date-time: ${value}`);
      if (!isDate && !tzid && !value.endsWith('Z') && name !== 'DTSTART' && name !== 'DTEND')
        problems.push(`${name} must be in UTC: ${value}`);
    }
    if (['SUMMARY', 'DESCRIPTION', 'LOCATION'].includes(name) && /(^|[^\\])[;,]/.test(value))
      problems.push(`${name} has an unescaped ; or ,: ${value}`);
  }
  if (stack.length > 0) problems.push(`not closed: ${stack.join(', ')}`);
  if (calendarProps['VERSION'] !== 1) problems.push('VCALENDAR needs VERSION exactly once');
  if (calendarProps['PRODID'] !== 1) problems.push('VCALENDAR needs PRODID exactly once');
  if (!/\r\nVERSION:2\.0\r\n/.test(text)) problems.push('VERSION is not 2.0');
  for (const zone of usedZones) if (!timezones.has(zone)) problems.push(`TZID=${zone} has no VTIMEZONE`);
  return problems;
}

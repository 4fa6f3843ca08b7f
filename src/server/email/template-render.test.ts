import { describe, expect, it } from 'vitest';
import { fillPlaceholders, htmlToText, SAMPLE_RECIPIENT } from './template-render.ts';

describe('fillPlaceholders', () => {
  it('fills both {{name}} and {name}, with spaces allowed', () => {
    expect(fillPlaceholders('Hi {{firstName}} {lastName} ({{ userId }})', SAMPLE_RECIPIENT, 'text')).toBe(
      'Hi Jordan Reyes (sample-user-0001)',
    );
  });
  it('leaves unknown placeholders as written', () => {
    expect(fillPlaceholders('Hi {{nickname}}', SAMPLE_RECIPIENT, 'text')).toBe('Hi {{nickname}}');
  });
  it('escapes values in HTML', () => {
    const r = { ...SAMPLE_RECIPIENT, firstName: '<b>x</b>' };
    expect(fillPlaceholders('<p>{{firstName}}</p>', r, 'html')).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
  });
});

describe('htmlToText', () => {
  it('strips tags, scripts and entities into readable lines', () => {
    expect(htmlToText('<h1>Hello&nbsp;there</h1><p>Save &amp; fly</p><script>alert(1)</script>')).toBe(
      'Hello there\nSave & fly',
    );
  });
});

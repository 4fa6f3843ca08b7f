import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { describe, expect, it } from 'vitest';
import { attachmentsOf, readMessage } from '../../scripts/lib/mail-catcher.ts';

// The local mail catcher reads what nodemailer writes: the text of a message with files beside it
// (multipart/mixed around multipart/alternative), and each file (docs/decisions/0165).

/** The message exactly as nodemailer would send it (its stream transport writes it out instead). */
async function build(options: Mail.Options): Promise<string> {
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(options);
  return (info.message as Buffer).toString('utf8');
}

const ICS =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:appointment-1@skyward-mobile-aviation\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

describe('the mail catcher reads messages', () => {
  it('finds the text and the calendar file of a text+HTML message with an attachment', async () => {
    const raw = await build({
      from: 'no-reply@example.com',
      to: 'owner@example.com',
      subject: 'Appointment time agreed – Skyward',
      text: 'Hi Olive,\n\nMilo picked Tue, Dec 3, 2030 at 9:00 AM PST.',
      html: '<p>Hi Olive,</p>',
      attachments: [
        {
          filename: 'appointment-N182WK-2030-12-03.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: Buffer.from(ICS, 'utf8'),
        },
      ],
    });
    expect(readMessage(raw)).toEqual({
      subject: 'Appointment time agreed – Skyward',
      text: 'Hi Olive,\n\nMilo picked Tue, Dec 3, 2030 at 9:00 AM PST.',
    });
    const [file, ...more] = attachmentsOf(raw);
    expect(more).toEqual([]);
    expect(file).toMatchObject({
      filename: 'appointment-N182WK-2030-12-03.ics',
      contentType: 'text/calendar',
      size: Buffer.byteLength(ICS),
    });
    expect(Buffer.from(file!.content, 'base64').toString('utf8')).toBe(ICS);
  });

  it('reads a plain message as before, with no files', async () => {
    const raw = await build({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Plain',
      text: 'Only text, déjà vu.',
    });
    expect(readMessage(raw)).toEqual({ subject: 'Plain', text: 'Only text, déjà vu.' });
    expect(attachmentsOf(raw)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { mailSettingsProblem } from './mail-settings.ts';
import { mailTextProblem, placeholdersOf, renderMail } from './mail-templates.ts';

describe('mail templates (shared renderer)', () => {
  it('finds placeholders, with or without spaces, and refuses broken markers', () => {
    expect(placeholdersOf('Hi <%name%>, <% space %> and <%name%>')).toEqual(['name', 'space']);
    for (const broken of ['<%name', 'name%>', '<%%>', '<% two words %>', '<%a-b%>']) expect(placeholdersOf(broken), broken).toBeNull();
  });

  it('accepts only the placeholders of the template', () => {
    expect(mailTextProblem('invitation', { subject: '<%space%>', body: '<%name%> <%loginId%> <%link%>' })).toBeNull();
    expect(mailTextProblem('invitation', { subject: 'x', body: '<%password%>' })).toMatchObject({ key: 'org.mail.problem.unknownPlaceholder', params: { name: '<%password%>' } });
    expect(mailTextProblem('notice', { subject: ' ', body: 'x' })?.key).toBe('org.mail.problem.subjectRequired');
    expect(mailTextProblem('notice', { subject: 'x', body: 'x'.repeat(10_001) })?.key).toBe('org.mail.problem.bodyTooLong');
  });

  it('fills values once (a value that looks like a marker stays text), empties missing ones, keeps the subject on one line', () => {
    const text = { subject: 'To <%name%>: <%title%>', body: '<%content%>\n<%link%>' };
    expect(renderMail(text, { name: 'Ann\r\nBcc: x@example.com', title: '<%link%>', content: 'line 1\nline 2' })).toEqual({
      subject: 'To Ann Bcc: x@example.com: <%link%>',
      body: 'line 1\nline 2\n',
    });
  });

  it('checks settings like the server does', () => {
    const good = { host: 'smtp.example.com', port: 465, security: 'tls' as const, user: '', fromAddress: 'a@example.com', fromName: 'A' };
    expect(mailSettingsProblem(good)).toBeNull();
    expect(mailSettingsProblem({ ...good, host: '[fd00::1]' })).toBeNull();
    expect(mailSettingsProblem({ ...good, host: 'http://x' })?.key).toBe('org.mail.problem.badHost');
    expect(mailSettingsProblem({ ...good, port: 0 })?.key).toBe('org.mail.problem.badPort');
    expect(mailSettingsProblem({ ...good, fromName: 'a\nb' })?.key).toBe('org.mail.problem.badFromName');
  });
});

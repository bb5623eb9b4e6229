import { mailAnswerText, outboxStateText } from './mail-answer';
import { messages } from '../messages';

describe('the mail server’s answer in words', () => {
  it('says an accepted e-mail was accepted, never the server’s own "250 … queued as"', () => {
    const text = mailAnswerText({ status: 'sent', answer: '250 2.0.0 Ok: queued as 4BC1F2A0E1', attempts: 1 });
    expect(text).toBe('Accepted by the mail server.');
    expect(mailAnswerText({ status: 'sent', answer: null, attempts: 1 })).toBe('Accepted by the mail server.');
  });

  it('says what is waiting before any attempt, and while the first one runs', () => {
    expect(mailAnswerText({ status: 'pending', answer: null, attempts: 0 })).toBe('Waiting to be sent.');
    expect(mailAnswerText({ status: 'pending', answer: null, attempts: 1 })).toBe('Being sent.');
  });

  it.each([
    ['connect ECONNREFUSED 127.0.0.1:2525', 'Could not reach the mail server. Retrying.'],
    ['getaddrinfo ENOTFOUND smtp.example.test', 'Could not reach the mail server. Retrying.'],
    ['Greeting never received', 'Could not reach the mail server. Retrying.'],
    ['Connection timeout', 'Could not reach the mail server. Retrying.'],
    ["Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown", 'The mail server refused the address. Retrying.'],
    ['Invalid login: 535 5.7.8 Error: authentication failed', 'The mail server refused the user name or password. Retrying.'],
    ['Mail command failed: 553 5.1.8 <staff@agency.test>: Sender address rejected: Domain not found', 'The mail server refused the sender address. Retrying.'],
    ['Message failed: 451 4.3.0 Temporary lookup failure', 'The mail server asked to try again later. Retrying.'],
    ['Message failed: 554 5.7.1 Spam detected', 'The mail server refused the message. Retrying.'],
    ['self-signed certificate in certificate chain', 'The secure connection with the mail server failed. Retrying.'],
    ['Something nobody foresaw', 'Could not be sent. Retrying.'],
  ])('says "%s" as "%s"', (answer, words) => {
    expect(mailAnswerText({ status: 'pending', answer, attempts: 2 })).toBe(words);
  });

  it('says when sending was given up, and after how many attempts', () => {
    expect(mailAnswerText({ status: 'failed', answer: 'connect ECONNREFUSED 10.0.0.5:587', attempts: 10 })).toBe('Could not reach the mail server. Gave up after 10 attempts.');
    expect(mailAnswerText({ status: 'failed', answer: 'Message failed: 554 rejected', attempts: 1 })).toBe('The mail server refused the message. Gave up.');
    expect(mailAnswerText({ status: 'failed', answer: null, attempts: 3 })).toBe('Could not be sent. Gave up.');
  });

  it('keeps the site’s own refusal of a mail server, already in words', () => {
    expect(mailAnswerText({ status: 'pending', answer: messages.mailServer.notPublic, attempts: 1 })).toBe(`${messages.mailServer.notPublic} Retrying.`);
    expect(mailAnswerText({ status: 'failed', answer: messages.mailServer.notMailPort([25, 465, 587]), attempts: 1 })).toBe('Use a mail port: 25, 465 or 587. Gave up.');
  });

  it('never repeats a server’s words: a hostile answer comes out as one of its own sentences', () => {
    const hostile = '550 <script>alert(1)</script> Call +1 555 0100 to unblock your account';
    const text = mailAnswerText({ status: 'failed', answer: hostile, attempts: 1 });
    expect(text).toBe('The mail server refused the message. Gave up.');
    expect(mailAnswerText({ status: 'pending', answer: 'x'.repeat(1000), attempts: 1 })).toBe('Could not be sent. Retrying.');
  });

  it('reads an outbox row: the answer once sent, the last error otherwise', () => {
    expect(outboxStateText({ status: 'sent', smtp_response: '250 Message queued', last_error: 'connect ECONNREFUSED 1.2.3.4:25', attempts: 2 })).toBe('Accepted by the mail server.');
    expect(outboxStateText({ status: 'pending', smtp_response: null, last_error: 'connect ECONNREFUSED 1.2.3.4:25', attempts: 2 })).toBe('Could not reach the mail server. Retrying.');
  });
});

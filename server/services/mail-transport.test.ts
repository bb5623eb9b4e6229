import { mailFailureSummary } from './mail-transport';

/** What a failed send says, to the owner and the audit trail: our words for the step that failed, never the remote server's. */
describe('the summary of a failed send', () => {
  const remote = 'SSH-2.0-OpenSSH_9.6 internal-db-01';
  const failure = (fields: Record<string, unknown>) => Object.assign(new Error(`Something: ${remote}`), { response: remote }, fields);

  it.each([
    [{ code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' }, 'The connection was refused: no mail server answers on that port.'],
    [{ code: 'ETIMEDOUT', command: 'CONN' }, 'The mail server did not answer in time.'],
    [{ code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT', command: 'CONN' }, 'Something answered on that port, but not as a mail server does (no greeting).'],
    [{ code: 'EPROTOCOL', command: 'CONN' }, 'Something answered on that port, but not as a mail server does (unexpected greeting).'],
    [{ code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT', command: 'CONN' }, 'The secure connection failed: the mail server’s certificate is not trusted for this name.'],
    [{ code: 'ETLS', command: 'STARTTLS' }, 'The mail server does not offer STARTTLS, so the connection cannot be secured.'],
    [{ code: 'ESOCKET', originalCode: 'ERR_SSL_WRONG_VERSION_NUMBER', command: 'CONN', response: undefined }, 'The secure connection (TLS) with the mail server failed.'],
    [{ code: 'EAUTH', command: 'AUTH PLAIN' }, 'The mail server refused the user name or password.'],
    [{ code: 'EENVELOPE', command: 'MAIL FROM' }, 'The mail server refused the sender address.'],
    [{ code: 'EENVELOPE', command: 'RCPT TO' }, 'The mail server refused the recipients.'],
    [{ code: 'EMESSAGE', command: 'DATA' }, 'The mail server refused the message.'],
    [{ code: 'EDNS', originalCode: 'ENOTFOUND' }, 'The mail server’s name was not found.'],
    [{ code: 'ECONNECTION', command: 'CONN' }, 'The mail server closed the connection.'],
    [{}, 'The message could not be sent through this mail server.'],
  ])('%j: %s, without the remote text', (fields, summary) => {
    expect(mailFailureSummary(failure(fields))).toBe(summary);
    expect(summary).not.toContain('SSH');
  });
});

import { useState, type ReactNode } from 'react';
import { firstRunOpen, type FirstRunItem, type FirstRunItemJson, type FirstRunJson } from '../../shared/first-run';
import { accountApi } from './account-api';
import { useDashboard } from './context';
import { firstRunApi } from './first-run-api';
import { Card, errorText, useData } from './kit';
import type { DashboardView } from './views';
import { ViewLink } from './ViewLink';

/** Each item's words and the view where it is done. */
const ITEMS: Record<FirstRunItem, { title: string; todo: string; where: DashboardView; whereText: string }> = {
  agency: {
    title: 'Agency details',
    todo: 'Your agency’s name, phone, address and e-mail as the site shows them. The site still shows the starting details.',
    where: { name: 'website-document', key: 'business' },
    whereText: 'Edit the agency details',
  },
  timeZone: {
    title: 'Time zone',
    todo: 'Reply promises, digests and the nightly backup run in it. Confirm it or choose yours.',
    where: { name: 'admin', section: 'settings' },
    whereText: 'Choose the time zone in Settings',
  },
  mail: {
    title: 'Mail and reply address',
    todo: 'A mail server to send from, and the shared inbox clients’ answers come back to.',
    where: { name: 'admin', section: 'settings' },
    whereText: 'Set up mail in Settings',
  },
  email: {
    title: 'Your e-mail address, confirmed',
    todo: 'So that “Forgot password?” can let you back in: you are who the others would ask.',
    where: { name: 'admin', section: 'account' },
    whereText: 'Your account',
  },
  team: {
    title: 'Invite the team',
    todo: 'An account for each colleague, so nobody shares yours.',
    where: { name: 'admin', section: 'users' },
    whereText: 'Add accounts in Users',
  },
  backups: {
    title: 'Where backups go',
    todo: 'Backups are on this server only: copy them elsewhere (BACKUP_S3_URL, or download one and keep it safe).',
    where: { name: 'admin', section: 'backups' },
    whereText: 'Where backups are kept',
  },
};

/**
 * The owners' first-run checklist on the dashboard home: what a new site needs, each item done
 * when the site shows it done (never by a click here), or dismissed for every owner. Gone once
 * nothing is left to do.
 */
export function FirstRunChecklist() {
  const { api, notify } = useDashboard();
  const loaded = useData((client) => firstRunApi(client).load(), 'Failed to load the first-run checklist.', 'first-run');
  const [busy, setBusy] = useState(false);
  if (!loaded.data || !firstRunOpen(loaded.data)) return null;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'That did not work. Try again.') });
    } finally {
      setBusy(false);
    }
  };
  const dismiss = (item: FirstRunItem) =>
    act(async () => {
      loaded.setData(await firstRunApi(api).dismiss(item));
    });
  const sendConfirmation = () =>
    act(async () => {
      const sent = await accountApi(api).sendConfirmation();
      notify(sent.verificationSentTo ? { tone: 'success', text: `Sent to ${sent.verificationSentTo}: open the link in it.` } : { tone: 'error', text: `Not sent: ${sent.verificationError ?? 'no reason given'}` });
    });

  return <FirstRunCard answer={loaded.data} busy={busy} onDismiss={(item) => void dismiss(item)} onSendConfirmation={() => void sendConfirmation()} />;
}

/** The card itself, from the API's answer (rendered alone by the tests). */
export function FirstRunCard({ answer, busy = false, onDismiss, onSendConfirmation }: { answer: FirstRunJson; busy?: boolean; onDismiss: (item: FirstRunItem) => void; onSendConfirmation: () => void }) {
  const shown = answer.items.filter((item) => item.state !== 'dismissed');
  const done = shown.filter((item) => item.state === 'done').length;
  return (
    <Card id="first-run-title" title="Getting started" className="admin-first-run">
      <p className="admin-muted">
        {done} of {shown.length} done. Each item ticks itself once it is done; dismiss the ones that are not for you.
      </p>
      <ul className="admin-first-run__list">
        {shown.map((item) => (
          <FirstRunRow key={item.key} item={item} busy={busy} onDismiss={onDismiss}>
            {item.key === 'email' && item.state === 'todo' && <EmailNote item={item} busy={busy} onSendConfirmation={onSendConfirmation} />}
          </FirstRunRow>
        ))}
      </ul>
    </Card>
  );
}

function FirstRunRow({ item, busy, onDismiss, children }: { item: FirstRunItemJson; busy: boolean; onDismiss: (item: FirstRunItem) => void; children?: ReactNode }) {
  const words = ITEMS[item.key];
  const isDone = item.state === 'done';
  return (
    <li className={`admin-first-run__item${isDone ? ' admin-first-run__item--done' : ''}`}>
      <span className="admin-first-run__mark" aria-hidden="true">
        {isDone ? '✓' : ''}
      </span>
      <div className="admin-first-run__text">
        <p className="admin-first-run__title">
          <strong>{words.title}</strong>
          <span className={isDone ? 'admin-first-run__state admin-first-run__state--done' : 'admin-first-run__state'}>{isDone ? 'Done' : 'To do'}</span>
        </p>
        {!isDone && <p>{words.todo}</p>}
        {children}
        {!isDone && (
          <p className="admin-first-run__actions">
            <ViewLink to={words.where}>{words.whereText}</ViewLink>
            <button type="button" className="admin-button admin-button--small admin-button--ghost" disabled={busy} onClick={() => onDismiss(item.key)}>
              Dismiss<span className="visually-hidden"> “{words.title}”</span>
            </button>
          </p>
        )}
      </div>
    </li>
  );
}

/** The owner's own address: none yet, or waiting for mail to work, or a link to send (again). */
function EmailNote({ item, busy, onSendConfirmation }: { item: FirstRunItemJson; busy: boolean; onSendConfirmation: () => void }) {
  if (!item.address) return <p className="admin-first-run__note">Your account has no e-mail address yet: add it in Your account.</p>;
  if (!item.mailWorks)
    return (
      <p className="admin-first-run__note">
        <strong>{item.address}</strong> waits to be confirmed: mail is not set up yet. Set up mail first, then send the confirmation from here.
      </p>
    );
  return (
    <p className="admin-first-run__note">
      <strong>{item.address}</strong> waits to be confirmed: open the link we mailed to it, or{' '}
      <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={onSendConfirmation}>
        Send the confirmation
      </button>
    </p>
  );
}

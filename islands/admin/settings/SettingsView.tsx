import { LoadStatus, useData } from '../kit';
import { ViewHeading } from '../ViewHeading';
import { ViewLink } from '../ViewLink';
import { BackupsSection } from '../BackupsView';
import { MailboxSetup } from './MailboxSetup';
import { MailSetup } from './MailSetup';
import { ReplyAddress } from './ReplyAddress';
import { SettingsForm } from './SettingsForm';
import { settingsApi } from './settings-api';

/** Settings (owners): the back office's settings, the mail server with its test e-mail, and the way to the audit trail. */
export function SettingsView() {
  const loaded = useData((api) => settingsApi(api).load(), 'Failed to load the settings.', 'settings');
  return (
    <>
      <ViewHeading title="Settings" actions={<ViewLink to={{ name: 'admin', section: 'audit' }} className="admin-button admin-button--ghost">Audit trail</ViewLink>} />
      <LoadStatus of={loaded} loadingText="Loading the settings…" />
      {loaded.data && (
        <>
          <SettingsForm saved={loaded.data.settings} onSaved={(settings) => loaded.setData((previous) => previous && { ...previous, settings })} />
          <MailSetup answer={loaded.data} onSaved={loaded.setData} />
          <MailboxSetup answer={loaded.data} onSaved={loaded.setData} />
          <ReplyAddress answer={loaded.data} onSaved={(settings) => loaded.setData((previous) => previous && { ...previous, settings })} />
        </>
      )}
      <BackupsSection />
    </>
  );
}

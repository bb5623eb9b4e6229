import type { Knex } from 'knex';
import * as appSettings from './20261122000000_app_settings';
import * as formSubmissions from './20261123100000_form_submissions';
import * as portfolio from './20261123110000_portfolio';
import * as adminAuth from './20261123120000_admin_auth';
import * as loginDevices from './20261124100000_login_devices';
import * as auditLog from './20261124200000_audit_log';
import * as adminRoles from './20261125100000_admin_roles';
import * as leads from './20261125100000_leads';
import * as adminAccounts from './20261125110000_admin_accounts';
import * as twoFactor from './20261125120000_two_factor';
import * as analytics from './20261126100000_analytics';
import * as projectStages from './20261126200000_project_stages';
import * as replyClock from './20261127160000_reply_clock';
import * as dashboardIndexes from './20261127170000_dashboard_indexes';
import * as digestRuns from './20261127180000_digest_runs';
import * as leadArrivalCounts from './20261128100000_lead_arrival_counts';
import * as openDueArrivals from './20261128110000_open_due_arrivals';
import * as dailyRuns from './20261128200000_daily_runs';
import * as projectListIndexes from './20261129100000_project_list_indexes';
import * as auditRepeats from './20261129120000_audit_repeats';
import * as analyticsNetworks from './20261129150000_analytics_networks';
import * as leadReplies from './20261201100000_lead_replies';
import * as sealTwoFactorSecrets from './20261202100000_seal_two_factor_secrets';
import * as siteContent from './20261204000000_site_content';
import * as staffEmail from './20261204100000_staff_email';
import * as contentEditing from './20261204300000_content_editing';
import * as contentPreviewLinks from './20261204400000_content_preview_links';
import * as contentImages from './20261204500000_content_images';
import * as adminDisplayName from './20261205100000_admin_display_name';
import * as rateLimitWindowEnds from './20261205200000_rate_limit_window_ends';
import * as inboundMail from './20261206100000_inbound_mail';
import * as mailboxCursors from './20261206200000_mailbox_cursors';
import * as onePhoneOpeningHours from './20261206300000_one_phone_opening_hours';
import * as onePendingSchedule from './20261206400000_one_pending_schedule';
import * as contentDraftVersions from './20261206500000_content_draft_versions';
import * as firstRunDismissals from './20261206600000_first_run_dismissals';
import * as contentListingNewDocuments from './20261207100000_content_listing_new_documents';
import * as redirects from './20261207200000_redirects';
import * as pageAddresses from './20261207500000_page_addresses';
import * as outboxMessageIds from './20261208000000_outbox_message_ids';
import * as siteMenus from './20261208100000_site_menus';
import * as serviceFormNames from './20261208200000_service_form_names';
import * as passkeys from './20261208300000_passkeys';
import * as passkeyConfirmChallenges from './20261208310000_passkey_confirm_challenges';
import type { MigrationContext } from './context';

/** A migration; the few that need more than the database (the application key) read it from `context`. */
export interface Migration {
  up(knex: Knex, context: MigrationContext): Promise<void>;
  down(knex: Knex, context: MigrationContext): Promise<void>;
}

/** Every migration, by name; the migrator runs them in name order. Add new files here. */
export const migrations: Record<string, Migration> = {
  '20261122000000_app_settings': appSettings,
  '20261123100000_form_submissions': formSubmissions,
  '20261123110000_portfolio': portfolio,
  '20261123120000_admin_auth': adminAuth,
  '20261124100000_login_devices': loginDevices,
  '20261124200000_audit_log': auditLog,
  '20261125100000_admin_roles': adminRoles,
  '20261125100000_leads': leads,
  '20261125110000_admin_accounts': adminAccounts,
  '20261125120000_two_factor': twoFactor,
  '20261126100000_analytics': analytics,
  '20261126200000_project_stages': projectStages,
  '20261127160000_reply_clock': replyClock,
  '20261127170000_dashboard_indexes': dashboardIndexes,
  '20261127180000_digest_runs': digestRuns,
  '20261128100000_lead_arrival_counts': leadArrivalCounts,
  '20261128110000_open_due_arrivals': openDueArrivals,
  '20261128200000_daily_runs': dailyRuns,
  '20261129100000_project_list_indexes': projectListIndexes,
  '20261129120000_audit_repeats': auditRepeats,
  '20261129150000_analytics_networks': analyticsNetworks,
  '20261201100000_lead_replies': leadReplies,
  '20261202100000_seal_two_factor_secrets': sealTwoFactorSecrets,
  '20261204000000_site_content': siteContent,
  '20261204100000_staff_email': staffEmail,
  '20261204300000_content_editing': contentEditing,
  '20261204400000_content_preview_links': contentPreviewLinks,
  '20261204500000_content_images': contentImages,
  '20261205100000_admin_display_name': adminDisplayName,
  '20261205200000_rate_limit_window_ends': rateLimitWindowEnds,
  '20261206100000_inbound_mail': inboundMail,
  '20261206200000_mailbox_cursors': mailboxCursors,
  '20261206300000_one_phone_opening_hours': onePhoneOpeningHours,
  '20261206400000_one_pending_schedule': onePendingSchedule,
  '20261206500000_content_draft_versions': contentDraftVersions,
  '20261206600000_first_run_dismissals': firstRunDismissals,
  '20261207100000_content_listing_new_documents': contentListingNewDocuments,
  '20261207200000_redirects': redirects,
  '20261207500000_page_addresses': pageAddresses,
  '20261208000000_outbox_message_ids': outboxMessageIds,
  '20261208100000_site_menus': siteMenus,
  '20261208200000_service_form_names': serviceFormNames,
  '20261208300000_passkeys': passkeys,
  '20261208310000_passkey_confirm_challenges': passkeyConfirmChallenges,
};

import type { AdminRole } from '../../../shared/admin-auth';
import { AGENCY_DETAILS_KEY, agencyDetailNames, type AgencyDetailField } from '../../../shared/content/agency-details';

/**
 * Whether someone of `role` editing the document `key` publishes its agency details only through an
 * owner (the server refuses an editor's publish, schedule or undo that changes them, 403).
 */
export function ownerPublishesAgencyDetails(role: AdminRole, key: string): boolean {
  return role !== 'owner' && key === AGENCY_DETAILS_KEY;
}

/** Shown to an editor above the agency details: what they can do with them, and who publishes them. */
export function AgencyDetailsNote() {
  return (
    <div className="admin-notice admin-notice--warning admin-content-owner-note" role="note" aria-labelledby="agency-details-note-title">
      <p id="agency-details-note-title">An owner publishes the agency details.</p>
      <p>
        The agency name, legal name, e-mail address, phone number and address are on every page and in the mail the site sends. Change them and save a draft: an owner publishes it. The rest of this page you
        publish yourself.
      </p>
    </div>
  );
}

/** In place of Publish and Schedule, while the editor's draft changes agency details: why not. */
export function ownerPublishesText(changed: readonly AgencyDetailField[]): string {
  return changed.length > 0 ? `This draft changes the ${agencyDetailNames(changed)} of the agency details: an owner publishes it. Save the draft and ask an owner.` : '';
}

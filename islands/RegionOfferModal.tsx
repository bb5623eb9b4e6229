import { useCallback, useEffect, useState } from 'react';
import { interceptLinks, Overlay } from './lib/overlay';
import { RegionList, type RegionChoice } from './lib/region-list';
import { VisitorForm } from './lib/visitor-form';
import { FORM_DEFINITIONS } from '../shared/forms';

export interface RegionOfferModalProps {
  regions: RegionChoice[];
  /** True on the home page (`/`), where the modal opens by itself once per browser session. */
  autoOpen: boolean;
  /** The reply promise in force, for the offer form's success message. */
  replyPromise: string;
}

/** Links that open the modal; without JavaScript they lead to the `/free-offer` and `/regions` pages. */
export const REGION_OFFER_TRIGGERS = 'a[href="/free-offer"], a[href="/regions"]';

/** Remembers for the browser session that the home page already showed the modal. */
export const SHOWN_KEY = 'region-offer-modal-shown';

type View = 'region' | 'offer' | 'both';

function shownThisSession(): boolean {
  try {
    if (sessionStorage.getItem(SHOWN_KEY)) return true;
    sessionStorage.setItem(SHOWN_KEY, '1');
  } catch {
    // Storage blocked (private mode, policies): showing it once per page load is the fallback.
  }
  return false;
}

/**
 * The region/offer modal of the spec: region choice, the free-offer form, or both. It opens by
 * itself on the home page, and from the top bar's Free Offers (offer) and Region (region) links.
 */
export default function RegionOfferModal({ regions, autoOpen, replyPromise }: RegionOfferModalProps) {
  const [view, setView] = useState<View | null>(null);
  const close = useCallback(() => setView(null), []);

  useEffect(() => {
    if (autoOpen && !shownThisSession()) setView('both');
    return interceptLinks(REGION_OFFER_TRIGGERS, (link) => setView(link.getAttribute('href') === '/regions' ? 'region' : 'offer'));
  }, [autoOpen]);

  const offer = FORM_DEFINITIONS['free-offer'];
  const title = view === 'region' ? 'Choose Your Region' : view === 'offer' ? offer.title : 'Choose Your Region & Free Offer';
  return (
    <Overlay open={view !== null} onClose={close} title={title} titleId="region-offer-title" variant="modal">
      <div className={`region-offer region-offer--${view}`}>
        {view !== 'offer' && (
          <section aria-labelledby={view === 'both' ? 'region-offer-regions' : undefined}>
            {view === 'both' && (
              <h3 id="region-offer-regions" className="region-offer__heading">
                Choose Your Region
              </h3>
            )}
            <RegionList regions={regions} />
          </section>
        )}
        {view !== 'region' && (
          <section aria-labelledby={view === 'both' ? 'region-offer-offer' : undefined}>
            {view === 'both' && (
              <h3 id="region-offer-offer" className="region-offer__heading">
                {offer.title}
              </h3>
            )}
            <p className="overlay__lead">{offer.lead}</p>
            <VisitorForm type="free-offer" idPrefix="offer-modal" replyPromise={replyPromise} />
          </section>
        )}
      </div>
    </Overlay>
  );
}

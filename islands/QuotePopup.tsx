import { useCallback, useEffect, useState } from 'react';
import { interceptLinks, Overlay } from './lib/overlay';
import { VisitorForm } from './lib/visitor-form';
import { FORM_DEFINITIONS, withReplyPromise } from '../shared/forms';

/** The links that open this popup; without JavaScript they lead to the `/quote` page. */
export const QUOTE_TRIGGERS = 'a[href="/quote"]';

/** The Get a Quote popup with its budget slider; closes 3 s after a success. */
export default function QuotePopup({ replyPromise, services }: { replyPromise: string; services: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => interceptLinks(QUOTE_TRIGGERS, () => setOpen(true)), []);
  return (
    <Overlay open={open} onClose={close} title={FORM_DEFINITIONS.quote.title} titleId="quote-popup-title" variant="modal">
      <p className="overlay__lead">{withReplyPromise(FORM_DEFINITIONS.quote.lead, replyPromise)}</p>
      <VisitorForm type="quote" idPrefix="quote-popup" replyPromise={replyPromise} services={services} onDone={close} />
    </Overlay>
  );
}

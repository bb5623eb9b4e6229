import { useCallback, useEffect, useState } from 'react';
import { interceptLinks, Overlay } from './lib/overlay';
import { VisitorForm } from './lib/visitor-form';
import { FORM_DEFINITIONS, withReplyPromise } from '../shared/forms';

/** The chrome's links that open this panel; without JavaScript they lead to the `/enquire` page. */
export const ENQUIRE_TRIGGERS = 'a[href="/enquire"]';

/** The Enquire Now side panel: slides in, locks page scroll, and closes 3 s after a success. */
export default function EnquirePanel({ replyPromise, services }: { replyPromise: string; services: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => interceptLinks(ENQUIRE_TRIGGERS, () => setOpen(true)), []);
  return (
    <Overlay open={open} onClose={close} title={FORM_DEFINITIONS.enquiry.title} titleId="enquire-panel-title" variant="panel" lockScroll>
      <p className="overlay__lead">{withReplyPromise(FORM_DEFINITIONS.enquiry.lead, replyPromise)}</p>
      <VisitorForm type="enquiry" idPrefix="enquire-panel" replyPromise={replyPromise} services={services} onDone={close} />
    </Overlay>
  );
}

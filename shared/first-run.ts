import { z } from 'zod';

/**
 * The first-run checklist on the owners' dashboard: what a new site needs before staff rely on it.
 * Isomorphic: the API answers these keys, the dashboard words them.
 */
export const FIRST_RUN_ITEMS = ['agency', 'timeZone', 'mail', 'email', 'team', 'backups'] as const;
export type FirstRunItem = (typeof FIRST_RUN_ITEMS)[number];

/** An item as it stands: `done` is read from the site itself (never a click), `dismissed` by an owner for the site. */
export type FirstRunState = 'todo' | 'done' | 'dismissed';

export interface FirstRunItemJson {
  key: FirstRunItem;
  state: FirstRunState;
  /**
   * For `email`: the signed-in owner's address, while it waits to be confirmed (null: none given),
   * and whether mail works, so the card can offer to send the confirmation.
   */
  address?: string | null;
  mailWorks?: boolean;
}

/** `GET /api/first-run`: every item in order; the card shows while any is `todo`. */
export interface FirstRunJson {
  items: FirstRunItemJson[];
}

/** `POST /api/first-run/dismissals` `{ item }`. */
export const firstRunDismissSchema = z.strictObject({ item: z.enum(FIRST_RUN_ITEMS, 'Choose one of the checklist items.') });

/** Whether the checklist still has something to do (it hides once each item is done or dismissed). */
export const firstRunOpen = (answer: FirstRunJson): boolean => answer.items.some((item) => item.state === 'todo');

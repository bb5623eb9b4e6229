import { z } from 'zod';
import { FORBIDDEN_IN_TEXT } from './text';

/**
 * The length of every search the back office sends (the inbox, the top bar, Projects): from three
 * characters, the shortest text a trigram index serves (a shorter one would read every row), to 200.
 */
export const SEARCH_LENGTH = { min: 3, max: 200 } as const;

/** What the API and the search boxes say about a search it cannot run. */
export const SEARCH_MESSAGES = {
  one: 'Give one search text.',
  tooShort: `Search for at least ${SEARCH_LENGTH.min} characters.`,
  tooLong: `Search for at most ${SEARCH_LENGTH.max} characters.`,
  characters: 'The search text has characters it cannot have.',
} as const;

/** `?q=` of the lists that search, trimmed. */
export const searchTextSchema = z
  .string({ error: SEARCH_MESSAGES.one })
  .trim()
  .min(SEARCH_LENGTH.min, SEARCH_MESSAGES.tooShort)
  .max(SEARCH_LENGTH.max, SEARCH_MESSAGES.tooLong)
  .refine((text) => !FORBIDDEN_IN_TEXT.test(text), SEARCH_MESSAGES.characters);

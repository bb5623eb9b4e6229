import { fieldChange, nodeAt, setIn, getIn, type FieldChange, type FieldNode, type FieldPath } from './schema-fields';

/** Whose value a field both people changed keeps. */
export type Choice = 'mine' | 'theirs';

/**
 * A save refused because someone else saved first and changed the same fields (409): their
 * version, the server's merge of both (theirs at each named field), what was typed, and a choice
 * per named field.
 */
export interface Conflict {
  version: number;
  by: string | null;
  merged: unknown;
  mine: unknown;
  fields: FieldChange[];
  choices: Readonly<Record<string, Choice>>;
}

/** `banner.heading` / `values.2.body` as a path (list indexes as numbers). */
export const pathOf = (key: string): FieldPath => key.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step));

/**
 * The conflict to show for a 409 naming `fields`: each with their value and the typed one. An
 * answer without the server's merge (an older server) merges nothing: their version is the start.
 */
export function conflictOf(tree: FieldNode, answer: { version: number; data: unknown; savedBy: string | null; merged: unknown; fields: readonly string[] }, mine: unknown): Conflict {
  const fields = answer.fields.map((key) => {
    const path = pathOf(key);
    const node = nodeAt(tree, path, mine) ?? tree;
    return fieldChange(tree, node, path, getIn(answer.data, path), getIn(mine, path), mine);
  });
  return { version: answer.version, by: answer.savedBy, merged: answer.merged ?? answer.data, mine, fields, choices: {} };
}

/** The conflict with `choice` made for the field at `path`. */
export function choose(conflict: Conflict, path: string, choice: Choice): Conflict {
  return { ...conflict, choices: { ...conflict.choices, [path]: choice } };
}

/** The fields no choice was made for yet. */
export function unchosen(conflict: Conflict): FieldChange[] {
  return conflict.fields.filter((field) => !conflict.choices[field.path]);
}

/** What to save once every field is chosen: the merge, with the typed value wherever "mine" was chosen. */
export function resolvedData(conflict: Conflict): unknown {
  return conflict.fields.reduce((data, field) => (conflict.choices[field.path] === 'mine' ? setIn(data, pathOf(field.path), getIn(conflict.mine, pathOf(field.path))) : data), conflict.merged);
}

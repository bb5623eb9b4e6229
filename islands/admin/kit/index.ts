/**
 * The admin kit: what every dashboard view is built from.
 *
 * - Data: `useData(url | (api) => promise, fallback, key?)` for one answer, `usePagedData(loadPage,
 *   { key, fallback })` for `{ items, nextCursor }` lists ("Show more" via `.more`); both drop
 *   answers that come after the view left or the key changed, and keep rows shown during a reload.
 *   `<LoadStatus of={…} loadingText="…" />` shows "Loading…" and failures with Retry.
 * - Tables: `<DataTable label columns rows rowKey empty selection? more? />`; `<PagedTable of={paged} loadingText …>` a
 *   `usePagedData` list with its load status.
 * - Forms: `<Options values label none? />` (a select's options), `<DateField>` (a day typed the agency's way), `<Field label hint? error? required?><input … /></Field>`, `useSubmit(send, fallback)`
 *   (pending, error, per-field errors), `<FormSubmit of={form} pendingText>` (the form's error, then its button), `<SubmitButton>`, `<FormError>`, `<FormCard title onSubmit>`.
 * - Cards that are not forms: `<Card id title className?>`.
 * - Images for the site's content: `<ImageUpload label onUploaded={({ src, width, height }) => …} onChosen? hint? disabled? />`
 *   (uploads as soon as a file is chosen, with progress; errors announced with Try again; no form of its own;
 *   inside `UploadsContext` (`createUploads()`, kit/uploads.ts) the form's save waits for it).
 * - The agency's time zone: `<TimeZoneField id value onChange error? />` (every zone as suggestions, "Use <the browser's zone>").
 * - Short lists: `<TimedListItem at={iso}>…</TimedListItem>` (text left, time right).
 * - Dates: `useDates()` → `formatDateTime(iso)`, `formatDate(iso)` in the agency's time zone.
 * - Failures: `errorText(failure, fallback)`: the server's message when it gave one.
 * - Asking first: `<ConfirmDialog>` (islands/admin/ConfirmDialog.tsx).
 */
export { DataTable, ShowMore, type Column, type RowSelection } from './DataTable';
export { DateField } from './DateField';
export { Field } from './Field';
export { Options } from './Options';
export { FormError, FormSubmit, SubmitButton } from './FormParts';
export { Card, FormCard } from './FormCard';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export { Failed, Loading, LoadStatus } from './LoadStatus';
export { PagedTable } from './PagedTable';
export { TimedListItem } from './TimedListItem';
export { TimeZoneField } from './TimeZoneField';
export { useData, usePagedData, type Loaded, type MoreState, type PagedData, type Source } from './use-data';
export { useDates, type DateFormatters } from './use-dates';
export { useSubmit, type SubmitState } from './use-submit';
export { errorText, fieldErrorsOf } from './errors';
export { formatDate, formatDateTime, type DateOptions } from './dates';
export { ConfirmDialog } from '../ConfirmDialog';
export type { Page } from './data-state';

import { useEffect, useState } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../../shared/form-types';
import { RETENTION_PURGE_HOUR, retentionPreviewQuerySchema, type RetentionPreview, type Settings } from '../../../shared/settings';
import { counted } from '../../../shared/text';
import { useDashboard } from '../context';
import { useDates } from '../kit';
import { settingsApi } from './settings-api';

type PreviewState = { phase: 'counting' } | { phase: 'ready'; preview: RetentionPreview } | { phase: 'failed' };

/**
 * For each form whose retention was edited, what saving will do: how many leads the next daily
 * purge will delete (counted by the server with the purge's own query), before the owner saves.
 */
export function RetentionPreviews({ saved, draft }: { saved: Settings; draft: Settings }) {
  const { api } = useDashboard();
  const [previews, setPreviews] = useState<Partial<Record<FormType, PreviewState>>>({});
  const edited = FORM_TYPES.filter((type) => draft.retentionDays[type] !== saved.retentionDays[type]);
  const key = edited.map((type) => `${type}=${draft.retentionDays[type]}`).join('&');

  useEffect(() => {
    let current = true;
    const counting = edited.filter((type) => retentionPreviewQuerySchema.safeParse({ type, days: draft.retentionDays[type] }).success);
    setPreviews(Object.fromEntries(counting.map((type) => [type, { phase: 'counting' }])));
    // Counted once typing pauses, not on every keystroke.
    const timer = setTimeout(() => {
      for (const type of counting) {
        settingsApi(api).retentionPreview(type, draft.retentionDays[type]!).then(
          (preview) => current && setPreviews((all) => ({ ...all, [type]: { phase: 'ready', preview } })),
          () => current && setPreviews((all) => ({ ...all, [type]: { phase: 'failed' } })),
        );
      }
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `key` names every edited form and its value: the counts follow it alone.
  }, [api, key]);

  const { formatDate } = useDates();
  const purgeTime = `${String(RETENTION_PURGE_HOUR).padStart(2, '0')}:00`;
  const textOf = (type: FormType): string => {
    const label = FORM_TYPE_LABELS[type];
    const days = draft.retentionDays[type];
    if (days === null) return `Saving keeps ${label} leads until they are deleted.`;
    const state = previews[type];
    if (!state) return '';
    if (state.phase === 'counting') return `Counting the ${label} leads older than ${counted(days, 'day')}…`;
    if (state.phase === 'failed') return `The ${label} leads older than ${counted(days, 'day')} could not be counted.`;
    const { leads, before } = state.preview;
    if (leads === 0) return `No ${label} lead is older than ${counted(days, 'day')}: saving deletes none now.`;
    return `Saving will delete ${counted(leads, `${label} lead`)} older than ${counted(days, 'day')} (received before ${formatDate(before)}) at ${purgeTime}.`;
  };

  return (
    <ul className="admin-retention-previews" aria-live="polite">
      {FORM_TYPES.map((type) => {
        const text = edited.includes(type) ? textOf(type) : '';
        return (
          <li key={type} id={`retention-preview-${type}`} hidden={!text}>
            {text}
          </li>
        );
      })}
    </ul>
  );
}

import type { FieldChange } from './schema-fields';

/** Fields that differ, each with both values. */
export function ChangeList({ changes, beforeLabel, afterLabel }: { changes: readonly FieldChange[]; beforeLabel: string; afterLabel: string }) {
  return (
    <ul className="admin-content-changes">
      {changes.map((change) => (
        <li key={change.path} className="admin-content-changes__item">
          <span className="admin-content-changes__field">{change.label}</span>
          <span className="admin-content-changes__value">
            <span className="admin-content-changes__side">{beforeLabel}:</span> <span className="admin-prewrap">{change.before}</span>
          </span>
          <span className="admin-content-changes__value">
            <span className="admin-content-changes__side">{afterLabel}:</span> <span className="admin-prewrap">{change.after}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

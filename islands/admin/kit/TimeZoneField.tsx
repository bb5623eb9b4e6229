import { useEffect, useId, useState } from 'react';
import { Field } from './Field';
import { isTimeZone, timeZoneNames } from '../../../shared/settings';

interface TimeZoneFieldProps {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  /** The server's refusal of the zone. */
  error?: string;
}

/** The browser's own zone, or '' where it cannot tell. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * The agency's time zone: typed with the browser's list of every zone as suggestions (an input
 * with a datalist: type "London" and Europe/London is offered), and the browser's own zone one
 * click away when it is not the one set. A name the list does not know is said at once, in words.
 * The list and the browser's zone are read after the first render, so the server's HTML (another
 * runtime, another list) and the browser's agree.
 */
export function TimeZoneField({ id, value, onChange, error }: TimeZoneFieldProps) {
  const listId = useId();
  const [zones, setZones] = useState<string[]>([]);
  const [browserZone, setBrowserZone] = useState('');
  useEffect(() => {
    setZones(timeZoneNames());
    setBrowserZone(browserTimeZone());
  }, []);
  const typed = value.trim();
  const unknown = zones.length > 0 && !isTimeZone(typed) ? `"${typed}" is not a time zone: choose one from the list, such as Europe/London.` : undefined;
  return (
    <div className="admin-time-zone">
      <Field label="Time zone" hint="Type a city or region to search, such as London or Tokyo." error={error ?? unknown}>
        <input id={id} list={listId} value={value} spellCheck={false} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      </Field>
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {browserZone && browserZone !== typed && isTimeZone(browserZone) && (
        <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => onChange(browserZone)}>
          Use {browserZone}
          <span className="visually-hidden"> (this browser&apos;s time zone)</span>
        </button>
      )}
    </div>
  );
}

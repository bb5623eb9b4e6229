import { openingHoursText, WEEKDAY_NAMES, type OpeningHours } from '../../../shared/content/opening-hours';
import { type FieldNode, type FieldPath } from './schema-fields';
import { fieldId, useForm, useMessages } from './schema-form-context';

/**
 * The opening hours: a row per day, open or closed, from and until (24-hour times as the agency's
 * clock shows them), and "By appointment". The days read back as the site will say them. A day's
 * problem (closing before opening) sits beside its times; the whole's (no open day) under the legend.
 */
export function HoursField({ node, path, value }: { node: Extract<FieldNode, { kind: 'hours' }>; path: FieldPath; value: OpeningHours }) {
  const { change } = useForm();
  const { error } = useMessages(path);
  const id = fieldId(path);
  const setDay = (index: number, part: Partial<OpeningHours['days'][number]>) =>
    change(path, { ...value, days: value.days.map((day, at) => (at === index ? { ...day, ...part } : day)) });
  return (
    <fieldset className="admin-fieldset admin-hours" aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}>
      <legend>{node.title}</legend>
      <p id={`${id}-hint`} className="admin-field__hint">
        {node.description} The site says: <strong>{openingHoursText(value)}</strong>.
      </p>
      {error && (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      )}
      <ul className="admin-hours__days">
        {value.days.map((day, index) => (
          <HoursDay key={day.day} path={[...path, 'days', index]} day={day} onChange={(part) => setDay(index, part)} />
        ))}
      </ul>
      <label className="admin-checkbox">
        <input id={id} type="checkbox" checked={value.byAppointment} onChange={(event) => change(path, { ...value, byAppointment: event.target.checked })} />
        Also by appointment (or only, with every day closed)
      </label>
    </fieldset>
  );
}

function HoursDay({ path, day, onChange }: { path: FieldPath; day: OpeningHours['days'][number]; onChange: (part: Partial<OpeningHours['days'][number]>) => void }) {
  const name = WEEKDAY_NAMES[day.day];
  const id = fieldId(path);
  const opensError = useMessages([...path, 'opens']).error;
  const closesError = useMessages([...path, 'closes']).error;
  const problem = closesError ?? opensError;
  const time = (part: 'opens' | 'closes', label: string, failed: boolean) => (
    <label className="admin-hours__time">
      {label}
      <span className="visually-hidden"> on {name}</span>
      <input
        id={`${id}-${part}`}
        type="time"
        value={day[part]}
        required
        aria-invalid={failed || undefined}
        aria-describedby={failed ? `${id}-error` : undefined}
        onChange={(event) => onChange({ [part]: event.target.value })}
      />
    </label>
  );
  return (
    <li className="admin-hours__day">
      <label className="admin-checkbox admin-hours__name">
        <input id={`${id}-open`} type="checkbox" checked={day.open} onChange={(event) => onChange({ open: event.target.checked })} />
        {name}
      </label>
      {day.open ? (
        <>
          {time('opens', 'Opens', Boolean(opensError))}
          {time('closes', 'Closes', Boolean(closesError))}
        </>
      ) : (
        <span className="admin-muted">Closed</span>
      )}
      {problem && (
        <p id={`${id}-error`} className="admin-field__error admin-hours__error">
          {problem}
        </p>
      )}
    </li>
  );
}

/**
 * A select's options: each value with its label in words, after an optional first option for no
 * choice (value "", such as "All forms" in a filter).
 */
export function Options<V extends string>({ values, label, none }: { values: readonly V[]; label: (value: V) => string; none?: string }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** A two-column list of labelled values; empty values show as "-". */
export type Field = [label: string, value: React.ReactNode];

export function Fields({ fields }: { fields: Field[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {fields.map(([label, value]) => (
        <div key={label} className="flex min-w-0 gap-2">
          <dt className="w-20 shrink-0 text-muted">{label}</dt>
          <dd className="min-w-0 break-words text-gray-800">{value === null || value === undefined || value === "" ? "-" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { BRAZIL_UFS } from '@/lib/brazil-ufs';
import { inputClass } from '@/components/ui/text-field';

/**
 * The options of an Estado select: a '' placeholder, then the 27 UFs (lib/brazil.ts) as
 * 'SP — São Paulo'. A stored value that is not a UF (hand-edited data) stays selectable, so it
 * shows as it is instead of silently turning into another state.
 */
export function UfOptions({ placeholder, value }: { placeholder: string; value: string }) {
  const known = value === '' || BRAZIL_UFS.some((uf) => uf.code === value);
  return (
    <>
      <option value="">{placeholder}</option>
      {known ? null : <option value={value}>{value}</option>}
      {BRAZIL_UFS.map((uf) => (
        <option key={uf.code} value={uf.code}>
          {`${uf.code} — ${uf.name}`}
        </option>
      ))}
    </>
  );
}

type Props = {
  id: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
};

/** A bare Estado select whose label is elsewhere (the profile's inline edit). */
export function UfSelect({
  id,
  value,
  placeholder,
  onChange,
  invalid,
  describedBy,
  className,
}: Props) {
  return (
    <select
      id={id}
      value={value}
      autoComplete="address-level1"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      className={`${inputClass} ${className ?? ''}`}
    >
      <UfOptions placeholder={placeholder} value={value} />
    </select>
  );
}

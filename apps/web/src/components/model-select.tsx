import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** A drop-down of model names (provider/model), as the Test Cases, Run Full Suite and Execute forms offer them. */
export function ModelSelect({
  id,
  label,
  models,
  value,
  onChange,
  disabled,
  className,
}: {
  id: string;
  /** The accessible name of the trigger. */
  label: string;
  models: readonly string[];
  value: string;
  onChange(model: string): void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} className={className} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {models.map((m) => (
          <SelectItem key={m} value={m}>
            {m}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

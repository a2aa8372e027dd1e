import { TEST_CASE_MODELS } from "@analystbench/contracts";
import { BotIcon } from "lucide-react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export function ModelSelector({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(model: string): void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center gap-3">
      <Label htmlFor="llm-model" className="flex shrink-0 items-center gap-2 text-sm font-medium">
        <BotIcon className="size-4 text-primary" /> LLM Model
      </Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id="llm-model" className="w-56" aria-label="LLM Model">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TEST_CASE_MODELS.map((m) => (
            <SelectItem key={m} value={m}>
              {m}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

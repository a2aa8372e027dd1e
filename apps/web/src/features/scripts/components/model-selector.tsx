import { ModelSelect } from "@/components/model-select";
import { useModelChoices } from "@/lib/model-choices";
import { TEST_CASE_MODELS } from "@analystbench/contracts";
import { BotIcon } from "lucide-react";
import { Label } from "@/components/ui/label";

export function ModelSelector({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(model: string): void;
  disabled?: boolean;
}) {
  const models = useModelChoices(TEST_CASE_MODELS);
  return (
    // min-w-0: on the narrowest phones the menu gives way (its value truncates) rather than stick out.
    <div className="flex min-w-0 items-center gap-3">
      <Label
        htmlFor="llm-model"
        className="flex w-28 shrink-0 items-center gap-2 text-sm font-medium whitespace-nowrap sm:w-auto"
      >
        <BotIcon className="size-4 text-primary" /> LLM Model
      </Label>
      <ModelSelect
        id="llm-model"
        label="LLM Model"
        className="w-56 min-w-0"
        models={models}
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
    </div>
  );
}

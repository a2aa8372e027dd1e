import {
  FileArchiveIcon,
  FileBracesIcon,
  FileCogIcon,
  FileIcon,
  FileImageIcon,
  FileTerminalIcon,
  FileTextIcon,
  FolderIcon,
  type LucideIcon,
} from "lucide-react";
import { cn } from "@/lib/utils";

const ICONS: [RegExp, LucideIcon, string][] = [
  [/\.(md|markdown|txt|log)$/i, FileTextIcon, "text-sky-600 dark:text-sky-400"],
  [/\.(sh|bash|zsh|ps1)$/i, FileTerminalIcon, "text-emerald-600 dark:text-emerald-400"],
  [/\.(json|jsonl|ndjson)$/i, FileBracesIcon, "text-amber-600 dark:text-amber-400"],
  [/\.(png|jpe?g|gif|webp|svg|bmp|ico)$/i, FileImageIcon, "text-fuchsia-600 dark:text-fuchsia-400"],
  [/\.(zip|tar|gz|tgz|bz2|xz|7z|rar|zst)$/i, FileArchiveIcon, "text-orange-600 dark:text-orange-400"],
  [
    /(\.(ya?ml|toml|ini|conf|cfg|env|config|properties|xml)$)|^(\.env.*|dockerfile|makefile)$/i,
    FileCogIcon,
    "text-violet-600 dark:text-violet-400",
  ],
];

/** The kind of a file at a glance: markdown, shell, JSON/JSONL, images, archives, config files. */
export function iconFor(name: string, isDirectory: boolean): { Icon: LucideIcon; className: string; kind: string } {
  if (isDirectory) return { Icon: FolderIcon, className: "fill-primary/15 text-primary", kind: "folder" };
  const hit = ICONS.find(([re]) => re.test(name));
  if (!hit) return { Icon: FileIcon, className: "text-muted-foreground", kind: "file" };
  return { Icon: hit[1], className: hit[2], kind: hit[1].displayName ?? "file" };
}

export function FileTypeIcon({ name, isDirectory }: { name: string; isDirectory: boolean }) {
  const { Icon, className } = iconFor(name, isDirectory);
  return <Icon aria-hidden className={cn("size-5 shrink-0", className)} />;
}

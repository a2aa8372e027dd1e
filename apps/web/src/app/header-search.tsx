import type { SearchGroupId, SearchHit } from "@analystbench/contracts";
import {
  ActivityIcon,
  DownloadIcon,
  FileIcon,
  FolderIcon,
  MonitorPlayIcon,
  PlayCircleIcon,
  SearchIcon,
  ShieldIcon,
  type LucideIcon,
} from "lucide-react";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { Popover, PopoverAnchor, PopoverContent } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";
import type { NavTarget, PageId } from "@/lib/page-types";
import { useSearch } from "@/lib/use-search";
import { cn } from "@/lib/utils";
import { PAGES } from "./pages";

/** One choosable line of the results, in display order. */
interface Option {
  key: string;
  title: string;
  detail: string;
  icon: LucideIcon;
  page: PageId;
  target?: NavTarget;
}

interface OptionGroup {
  label: string;
  more: number;
  options: Option[];
}

const GROUP_ICONS: Record<SearchGroupId, LucideIcon> = {
  cases: PlayCircleIcon,
  content: ShieldIcon,
  runs: ActivityIcon,
  results: DownloadIcon,
  logs: MonitorPlayIcon,
  files: FileIcon,
};

function hitOption(group: SearchGroupId, hit: SearchHit, i: number): Option {
  const folder = hit.target.kind === "file" && hit.target.isDirectory;
  return {
    key: `${group}-${i}-${hit.title}`,
    title: hit.title,
    detail: hit.detail,
    icon: folder ? FolderIcon : GROUP_ICONS[group],
    page: hit.page,
    target: hit.target,
  };
}

function pageGroup(query: string): OptionGroup[] {
  const q = query.trim().toLowerCase();
  const pages = PAGES.filter((p) => `${p.label} ${p.description}`.toLowerCase().includes(q));
  if (pages.length === 0) return [];
  const options = pages.map((p) => ({
    key: `page-${p.id}`,
    title: p.label,
    detail: p.description,
    icon: p.icon,
    page: p.id,
  }));
  return [{ label: "Pages", more: 0, options }];
}

function OptionRow({
  option,
  id,
  active,
  onChoose,
  onHover,
}: {
  option: Option;
  id: string;
  active: boolean;
  onChoose(): void;
  onHover(): void;
}) {
  const Icon = option.icon;
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      // mousedown, not click: the input must not lose focus (and close the list) first.
      onMouseDown={(e) => {
        e.preventDefault();
        onChoose();
      }}
      onMouseMove={onHover}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 text-left",
        active && "bg-accent text-accent-foreground",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{option.title}</span>
        <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>
      </span>
    </li>
  );
}

function Status({ children }: { children: React.ReactNode }) {
  return <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">{children}</p>;
}

/**
 * The header search: pages, test cases, scenario content, runs, results, evaluation logs and
 * workspace files, grouped; arrows move, Enter opens, Escape closes. A hit opens its page at its item.
 */
export function HeaderSearch({ onNavigate }: { onNavigate(page: PageId, target?: NavTarget): void }) {
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const search = useSearch(query);
  const listId = useId();
  const isOpen = query.trim().length > 0;

  const groups = useMemo<OptionGroup[]>(() => {
    const server = (search.data?.groups ?? []).map((g) => ({
      label: g.label,
      more: g.more,
      options: g.hits.map((hit, i) => hitOption(g.id, hit, i)),
    }));
    return [...server, ...pageGroup(query)];
  }, [search.data, query]);
  const options = groups.flatMap((g) => g.options);
  const active = Math.min(activeIndex, Math.max(0, options.length - 1));

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onNavigate(option.page, option.target);
    setQuery("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (e.key in step && options.length > 0) {
      e.preventDefault();
      setActiveIndex((active + step[e.key]! + options.length) % options.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === "Escape") setQuery("");
  };

  const settledQuery = search.data?.query;
  const isSearching = search.isFetching || (isOpen && settledQuery !== query.trim());
  let offset = 0;
  return (
    <Popover open={isOpen}>
      <PopoverAnchor asChild>
        <div className="relative w-full max-w-md min-w-0">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            role="combobox"
            aria-label="Search"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && options[active] ? `${listId}-${active}` : undefined}
            placeholder="Search scripts, files, or logs..."
            className="pl-9"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="max-h-[min(32rem,70vh)] w-[min(36rem,calc(100vw-1rem))] overflow-y-auto p-1"
        onOpenAutoFocus={(e) => e.preventDefault()}
        onEscapeKeyDown={() => setQuery("")}
        onInteractOutside={() => setQuery("")}
      >
        <ul id={listId} role="listbox" aria-label="Search results" className="space-y-1">
          {groups.map((g) => {
            const start = offset;
            offset += g.options.length;
            return (
              <li key={g.label} role="presentation">
                <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {g.label}
                  {g.more > 0 && <span className="font-normal normal-case"> · {g.more} more</span>}
                </p>
                <ul role="group" aria-label={g.label}>
                  {g.options.map((o, i) => (
                    <OptionRow
                      key={o.key}
                      option={o}
                      id={`${listId}-${start + i}`}
                      active={start + i === active}
                      onChoose={() => choose(o)}
                      onHover={() => setActiveIndex(start + i)}
                    />
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        {search.isError ? (
          <Status>{messageOf(search.error, "The search failed")}</Status>
        ) : isSearching && options.length === 0 ? (
          <Status>
            <Spinner className="size-4" /> Searching…
          </Status>
        ) : (
          options.length === 0 && <Status>Nothing matches “{query.trim()}”.</Status>
        )}
      </PopoverContent>
    </Popover>
  );
}

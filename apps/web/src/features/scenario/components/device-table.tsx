import type { DeviceView } from "@analystbench/contracts";
import { ChevronRightIcon } from "lucide-react";
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { SourceLabel } from "./source-label";
import { BulletList, Labeled } from "./text-blocks";

export interface DeviceGroup {
  id: string;
  label?: string;
  devices: readonly DeviceView[];
}

const COLUMNS = ["Device", "OS", "IP Address", "Roles", "Security Policies"];
/** Fixed widths for the short columns; Roles and Security Policies share the rest. */
const COLUMN_WIDTHS = ["w-[10.5rem]", "w-[8.5rem]", "w-[7rem]", "w-[24%]", ""];

/**
 * The device table (Device, OS, IP Address, Roles, Security Policies). Each row opens to show
 * the device's misconfiguration (example and reason) and its indicators of compromise.
 */
export function DeviceTable({ groups, caption }: { groups: readonly DeviceGroup[]; caption: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full min-w-[48rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {COLUMN_WIDTHS.map((w, i) => (
            <col key={i} className={w} />
          ))}
        </colgroup>
        <thead className="bg-muted/60 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.id} className="divide-y border-t">
            {group.label && (
              <tr className="bg-muted/30">
                <th
                  colSpan={COLUMNS.length}
                  scope="colgroup"
                  className="px-3 py-1.5 text-left text-xs font-semibold text-primary"
                >
                  {group.label}
                </th>
              </tr>
            )}
            {group.devices.map((d) => {
              // A user's case may add a device of a built-in one's name and host: the source tells them apart.
              const key = `${group.id}/${d.source?.caseId ?? ""}/${d.host}`;
              const expanded = open.has(key);
              return (
                <Fragment key={key}>
                  <tr data-testid="device-row" data-nav-item={`item:${d.name}`} className="align-top">
                    <td className="px-3 py-3">
                      <button
                        type="button"
                        onClick={() => toggle(key)}
                        aria-expanded={expanded}
                        aria-label={`${expanded ? "Hide" : "Show"} misconfiguration and IOCs of ${d.name}`}
                        className="group flex items-start gap-1.5 text-left cursor-pointer"
                      >
                        <ChevronRightIcon
                          className={cn(
                            "mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform",
                            expanded && "rotate-90",
                          )}
                        />
                        <span>
                          <span className="block font-medium break-words group-hover:underline">{d.name}</span>
                          <span className="block font-mono text-xs break-all text-muted-foreground">{d.host}</span>
                        </span>
                      </button>
                      <div className="mt-2 flex min-w-0 flex-wrap gap-1.5 pl-5.5">
                        {d.misconfig ? (
                          <Badge variant="warning">Misconfigured</Badge>
                        ) : (
                          <Badge variant="success">Baseline</Badge>
                        )}
                        {d.source && <SourceLabel source={d.source} />}
                      </div>
                    </td>
                    <td className="px-3 py-3 text-xs break-words text-muted-foreground">{d.os}</td>
                    <td className="px-3 py-3 font-mono text-xs break-all">{d.ip}</td>
                    <td className="px-3 py-3 break-words">
                      <BulletList items={d.roles} className="text-xs" />
                    </td>
                    <td className="px-3 py-3 break-words">
                      <BulletList items={d.policies} className="text-xs" />
                    </td>
                  </tr>
                  {expanded && (
                    <tr className="bg-muted/20">
                      <td colSpan={COLUMNS.length} className="px-3 py-4">
                        <div className="grid grid-cols-1 gap-4 pl-5.5 lg:grid-cols-2">
                          <Labeled label="Misconfiguration">
                            {d.misconfig ? (
                              <div className="space-y-2 text-sm">
                                <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 font-mono text-xs leading-relaxed break-words">
                                  {d.misconfig.example}
                                </p>
                                <p className="leading-relaxed">{d.misconfig.reason}</p>
                              </div>
                            ) : (
                              <p className="text-sm text-muted-foreground">None: the device matches its baseline.</p>
                            )}
                          </Labeled>
                          <Labeled label={`Indicators of Compromise (${d.ioc.length})`}>
                            {d.ioc.length ? (
                              <BulletList items={d.ioc} />
                            ) : (
                              <p className="text-sm text-muted-foreground">None recorded.</p>
                            )}
                          </Labeled>
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

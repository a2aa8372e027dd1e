/**
 * The viewer's one stylesheet, served from /styles.css (the CSP allows no inline styles). One set
 * of colour variables per theme, chosen by <html data-theme>: every rule below uses only the
 * variables, so a page cannot be half light in the dark theme. Both palettes keep text at WCAG
 * AA contrast (4.5:1) or better on the surface it sits on: fg and muted on page, card and code,
 * each badge colour on its own background, links on the page, a card and the current sample.
 */
export const STYLES = `
:root {
  color-scheme: light;
  --bg: #f7f8fa; --card: #ffffff; --fg: #111827; --muted: #5f6673; --border: #e5e7eb;
  --accent: #0e6f8a; --code: #f3f4f6; --hover: #f3f4f6;
  --ok: #047857; --ok-bg: #d1fae5; --bad: #b91c1c; --bad-bg: #fee2e2;
  --warn: #92400e; --warn-bg: #fef3c7; --info: #1d4ed8; --info-bg: #dbeafe; --neutral-bg: #e5e7eb;
}
:root[data-theme="dark"] {
  /* Scrollbars, <details> markers and the page behind the body follow the theme too. */
  color-scheme: dark;
  --bg: #0b1020; --card: #111827; --fg: #e5e7eb; --muted: #a1a9b8; --border: #334155;
  --accent: #22d3ee; --code: #1a2332; --hover: #1e293b;
  --ok: #6ee7b7; --ok-bg: #064e3b; --bad: #fca5a5; --bad-bg: #7f1d1d;
  --warn: #fcd34d; --warn-bg: #78350f; --info: #93c5fd; --info-bg: #1e3a8a; --neutral-bg: #374151;
}
* { box-sizing: border-box; }
/* Both: the frame shows the body's background, and a short page shows the root's below it. */
html, body { background: var(--bg); color: var(--fg); }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
h1 { font-size: 20px; margin: 0; }
h2 { font-size: 16px; margin: 0 0 8px; }
h3 { font-size: 13px; margin: 16px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 10px 20px;
  background: var(--card); border-bottom: 1px solid var(--border); }
.brand { font-weight: 700; color: var(--fg); }
.brand span { color: var(--accent); font-weight: 600; }
main { padding: 16px 20px 40px; max-width: 1400px; margin: 0 auto; display: flex; flex-direction: column; gap: 14px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 10px; padding: 16px; }
.card.flush { padding: 0; overflow-x: auto; }
.title-row { display: flex; align-items: flex-start; justify-content: space-between; gap: 12px; margin-bottom: 8px; }
.row { display: flex; gap: 8px; align-items: center; }
.muted { color: var(--muted); }
.small { font-size: 12px; }
.mono, pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.strong { font-weight: 600; }
.nowrap { white-space: nowrap; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.button { border: 1px solid var(--border); border-radius: 6px; padding: 4px 10px; background: var(--card); }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 8px 10px; border-bottom: 1px solid var(--border); text-align: left; vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
tbody tr:last-child td { border-bottom: 0; }
table.logs tbody tr:hover { background: var(--hover); }
.badge { display: inline-block; border-radius: 6px; padding: 1px 8px; font-size: 12px; font-weight: 600; white-space: nowrap; }
.badge.ok { color: var(--ok); background: var(--ok-bg); }
.badge.bad { color: var(--bad); background: var(--bad-bg); }
.badge.warn { color: var(--warn); background: var(--warn-bg); }
.badge.info { color: var(--info); background: var(--info-bg); }
.badge.neutral { color: var(--fg); background: var(--neutral-bg); }
.score { font-weight: 700; font-variant-numeric: tabular-nums; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 8px 16px; margin: 8px 0 0; }
.facts dt { font-size: 12px; color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.metrics { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; }
.metric { background: var(--code); border-radius: 6px; padding: 2px 8px; font-variant-numeric: tabular-nums; }
.notice { border-radius: 8px; padding: 8px 12px; margin-top: 10px; background: var(--code); }
.notice.bad { background: var(--bad-bg); color: var(--bad); }
.notice.warn { background: var(--warn-bg); color: var(--warn); }
.empty { color: var(--muted); border: 1px dashed var(--border); border-radius: 10px; padding: 24px; text-align: center; margin: 0; }
.crumbs { font-size: 13px; color: var(--muted); overflow-wrap: anywhere; }
.jump { margin-top: 12px; font-size: 13px; }
.samples { display: flex; flex-wrap: wrap; gap: 6px; }
.samples a { border: 1px solid var(--border); border-radius: 6px; padding: 3px 10px; background: var(--card); }
.samples a.current { border-color: var(--accent); background: var(--info-bg); }
.pager { display: flex; justify-content: space-between; align-items: center; gap: 12px; margin: 8px 0; font-size: 13px; }
pre { margin: 4px 0; padding: 8px 10px; background: var(--code); border-radius: 6px; white-space: pre-wrap;
  overflow-wrap: anywhere; font-size: 12.5px; max-height: 480px; overflow: auto; }
pre.inline { display: inline; padding: 0; background: none; max-height: none; }
ol.transcript { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 10px; }
.msg { border: 1px solid var(--border); border-left-width: 4px; border-radius: 8px; padding: 8px 12px; }
.msg.system { border-left-color: var(--muted); }
.msg.user { border-left-color: var(--info); }
.msg.assistant { border-left-color: var(--accent); }
.msg.tool { border-left-color: var(--warn); }
.role { font-weight: 600; font-size: 13px; }
details > summary { cursor: pointer; overflow-wrap: anywhere; }
.tool-call { border: 1px solid var(--border); border-radius: 8px; padding: 6px 10px; margin-top: 8px; }
.tool-call.failed { border-color: var(--bad); }
.label { font-size: 12px; color: var(--muted); margin-top: 6px; }
.evidence ul { margin: 4px 0; padding-left: 18px; }
.scorer + .scorer { margin-top: 16px; }
`;

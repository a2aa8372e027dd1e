/**
 * The VPN gateway's session log as the SIEM holds it. The gateway is Scenario 1's vpn-gw-01
 * (strongSwan 5.9 on Debian 12, 10.0.10.5, certificate authentication, virtual IPs from
 * 10.0.10.150-10.0.10.169): one network in both scenarios. Scenario 2 does not simulate the
 * gateway, so its narratives read the copy rsyslog forwards (imfile, tag "charon") to siem-01,
 * in the wording of vpn-gw-01's own /var/log/charon.log (content/scenario1/zones/dmz.ts).
 */

type Line = { time: string; text: string };

/** Where siem-01 keeps the forwarded charon log. */
export const VPN_LOG_PATH = "/var/log/remote/vpn-gw-01/charon.log";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Mar 14 23:36:10": syslog's stamp, and charon's own time_format (%b %e %T). */
function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, " ")} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** The subject of a client certificate from the Kestrel VPN CA, as charon prints it. */
export const vpnIdentity = (cn: string, ou: "Staff" | "Contractors" | "Partners") =>
  `O=Kestrel Freight Systems, OU=${ou}, CN=${cn}`;

export interface VpnSession {
  /** Certificate common name: the person's account name. */
  cn: string;
  ou: "Staff" | "Contractors" | "Partners";
  /** The client's public address. */
  peer: string;
  /** The virtual IP leased from the pool. */
  vip: string;
  start: string;
  end: string;
  /** charon's IKE_SA unique id. */
  ikeId: number;
}

/** One IKEv2 remote-access session: connect, authenticate, lease, and leave. */
export function vpnSession(s: VpnSession): Line[] {
  const id = vpnIdentity(s.cn, s.ou);
  const gw = "10.0.10.5[vpn.kestrelfreight.com]";
  const lines: Line[] = [];
  const add = (ms: number, thread: number, text: string) => {
    const t = stamp(ms);
    lines.push({
      time: new Date(ms).toISOString(),
      text: `${t} vpn-gw-01 charon: ${t} ${String(thread).padStart(2, "0")}${text}`,
    });
  };
  const t0 = Date.parse(s.start);
  const t1 = Date.parse(s.end);
  const up = 5 + (s.ikeId % 11);
  const down = 5 + ((s.ikeId * 7) % 11);
  add(t0, up, `[IKE] <${s.ikeId}> ${s.peer} is initiating an IKE_SA`);
  add(
    t0 + 1000,
    up,
    `[IKE] <ikev2-cert|${s.ikeId}> IKE_SA ikev2-cert[${s.ikeId}] established between ${gw}...${s.peer}[${id}]`,
  );
  add(t0 + 1000, up, `[IKE] <ikev2-cert|${s.ikeId}> assigning virtual IP ${s.vip} to peer '${id}'`);
  add(
    t1,
    down,
    `[IKE] <ikev2-cert|${s.ikeId}> deleting IKE_SA ikev2-cert[${s.ikeId}] between ${gw}...${s.peer}[${id}]`,
  );
  add(t1, down, `[CFG] <ikev2-cert|${s.ikeId}> lease ${s.vip} by '${id}' went offline`);
  return lines;
}

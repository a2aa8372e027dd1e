#!/bin/bash
# Nightly export of the AD-integrated zone for the DR runbook (local AXFR from 127.0.0.1).
set -euo pipefail
out=/var/backups/dns
mkdir -p "$out"
dig @127.0.0.1 kestrel.internal AXFR > "$out/kestrel.internal.axfr"
find "$out" -name '*.axfr.*' -mtime +30 -delete

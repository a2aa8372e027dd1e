#!/bin/bash
# RB-07: keep 14 days of archives and dumps
set -euo pipefail
find /srv/backups/hosts /srv/backups/db -type f \( -name '*.tar.zst' -o -name '*.sql.gz' \) -mtime +14 -delete

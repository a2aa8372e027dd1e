#!/bin/bash
# Deploy the Kestrel SuiteCRM customisations: pull main from Gitea into the live web root.
set -euo pipefail
cd /var/www/suitecrm
sudo -u deploy git pull --ff-only origin main
sudo -u www-data php -f bin/repair.php >/dev/null
systemctl reload php8.1-fpm
echo "deployed $(git rev-parse --short HEAD) at $(date -u +%FT%TZ)"

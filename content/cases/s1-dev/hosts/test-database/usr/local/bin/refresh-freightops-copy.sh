#!/bin/bash
# Weekly refresh of freightops_copy from the latest production dump delivered by the FreightOps DBA.
set -euo pipefail
dump=$(ls -1t /srv/dumps/freightops_prod_*.dump | head -n1)
pg_restore --clean --if-exists --no-owner --role=app_owner -d freightops_copy "$dump"
psql -d freightops_copy -c "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app_test;"

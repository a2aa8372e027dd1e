#!/bin/bash
# Nightly: append yesterday's setpoint changes (Flux task 'setpoint_changes') to the monthly CSV
set -euo pipefail
influx query --org kestrel --raw -f /etc/influxdb/flux/setpoint_changes.flux >> "/srv/historian/exports/line2-setpoint-changes-$(date -u +%Y-%m).csv"

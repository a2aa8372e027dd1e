#!/bin/sh
# Rolls the pushed preview image out to the preview cluster and prints its URL.
set -eu
NAME="$1"
kubectl --context preview -n billing-previews set image deployment/billing-"$NAME" app="$REGISTRY/billing-service:$NAME" 2>/dev/null \
  || kubectl --context preview -n billing-previews create deployment billing-"$NAME" --image="$REGISTRY/billing-service:$NAME"
echo "preview $NAME deployed: https://$NAME.preview.kestrel.internal"

#!/usr/bin/env bash
# Upload a signed WarehouseUI release to releases-raw on Nexus, then move the electron-updater
# feed (latest.yml) to it. Called by the Publish stage with NEXUS_USER/NEXUS_PASS bound.
set -euo pipefail
VERSION="$1"
BASE="$NEXUS_URL/repository/releases-raw/{{package_1}}"

put() {
  local file="$1" url="$2" code
  code=$(curl -sS -o /dev/null -w '%{http_code}' -u "$NEXUS_USER:$NEXUS_PASS" --upload-file "$file" "$url")
  echo "publish-raw: $(basename "$file") -> $url ($code)"
  [ "$code" = 201 ]
}

jq -n --arg v "$VERSION" --arg c "$GIT_COMMIT" --arg b "$BUILD_URL" \
  --arg exe "sha256:$(sha256sum "dist/WarehouseUI-Setup-$VERSION.exe" | cut -d' ' -f1)" \
  --arg msi "sha256:$(sha256sum "dist/WarehouseUI-$VERSION.msi" | cut -d' ' -f1)" \
  --arg serial "$(. /etc/kestrel-signing/sign.conf && echo "$CERT_SERIAL")" \
  '{product: "{{package_1}}", version: $v, git_commit: $c, jenkins_build: $b,
    artifacts: {("WarehouseUI-Setup-" + $v + ".exe"): $exe, ("WarehouseUI-" + $v + ".msi"): $msi},
    signed_by: "kestrel-sign (jenkins@ci-01)", cert_serial: $serial}' > dist/release-manifest.json

put "dist/WarehouseUI-Setup-$VERSION.exe" "$BASE/$VERSION/WarehouseUI-Setup-$VERSION.exe"
put "dist/WarehouseUI-$VERSION.msi" "$BASE/$VERSION/WarehouseUI-$VERSION.msi"
put dist/release-manifest.json "$BASE/$VERSION/release-manifest.json"
put dist/latest.yml "$BASE/latest.yml"

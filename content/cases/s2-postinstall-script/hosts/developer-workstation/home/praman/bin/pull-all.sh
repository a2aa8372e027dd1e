#!/bin/bash
# Fast-forward every checkout under ~/src before stand-up. Never rebases, never stashes.
set -u
for repo in "$HOME"/src/*/; do
  [ -d "$repo/.git" ] || continue
  branch=$(git -C "$repo" rev-parse --abbrev-ref HEAD)
  echo "== $(date -u +%FT%TZ) $repo ($branch)"
  git -C "$repo" fetch --prune --quiet origin && git -C "$repo" merge --ff-only --quiet "origin/$branch" || echo "   skipped: not a fast-forward"
done

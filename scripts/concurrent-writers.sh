#!/usr/bin/env bash
# Concurrent writers: WRITERS wsctl processes each push PUSHES distinct routes onto the same
# pane of the same file at the same time. Every push must survive (none lost to a race) and
# the file must validate.
#
#     scripts/concurrent-writers.sh [WRITERS] [PUSHES]     # default 8 × 50
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/release-flags.sh
writers=${1:-8}
pushes=${2:-50}
swift build "${release_flags[@]}" --product wsctl >/dev/null
bin=$(swift build "${release_flags[@]}" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file="$work/workspace.json"
"$bin/wsctl" -q -f "$file" init >/dev/null
# Room for every push on one pane: raise each router's depth limit.
jq '(.root | .. | objects | select(has("router")) | .router.maxDepth) = 100000' "$file" >"$file.new"
mv "$file.new" "$file"

start=$(date +%s%N)
for ((w = 1; w <= writers; w++)); do
  (
    for ((i = 1; i <= pushes; i++)); do
      "$bin/wsctl" -q -f "$file" push "w$w:$i"
    done
  ) &
done
wait
elapsed=$((($(date +%s%N) - start) / 1000000))

"$bin/wsctl" -q -f "$file" validate >/dev/null
depth=$("$bin/wsctl" -q -f "$file" --json routes | jq '.stack | length')
present=$((depth - 1))
expected=$((writers * pushes))
echo "concurrent writers: $writers × $pushes pushes in ${elapsed} ms; $present of $expected present"
[ "$present" -eq "$expected" ]

#!/usr/bin/env bash
# Crash safety during save: starts `wsctl` editing a workspace of realistic size, kills it
# with SIGKILL at a random moment, and checks that the file still parses and validates and
# equals either the state before or the state after the edit, and that no temporary file or
# stale lock blocks the next run.
#
#     scripts/kill-test.sh [ITERATIONS]      # default 500
#
# Needs release builds of wsctl and wsbench (it builds them if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/release-flags.sh
iterations=${1:-500}
swift build "${release_flags[@]}" --product wsctl >/dev/null
swift build "${release_flags[@]}" --product wsbench >/dev/null
bin=$(swift build "${release_flags[@]}" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file="$work/workspace.json"
"$bin/wsbench" --generate 1000 20 "$file"
size=$(stat -c %s "$file")

corrupt=0 stale=0 lost=0 killed=0 finished=0
for ((i = 1; i <= iterations; i++)); do
  cp "$file" "$work/before.json"
  # The state after the edit, made on a copy without interference.
  cp "$file" "$work/after.json"
  "$bin/wsctl" -q -f "$work/after.json" focus $((i % 5 + 1)) replace-top "kill:$i" || true
  # The edit, killed at a random moment of its run (0 to 90 ms; a run takes about 60 ms).
  "$bin/wsctl" -q -f "$file" focus $((i % 5 + 1)) replace-top "kill:$i" &
  pid=$!
  sleep "0.$(printf '%03d' $((RANDOM % 90)))"
  if kill -9 "$pid" 2>/dev/null; then killed=$((killed + 1)); else finished=$((finished + 1)); fi
  wait "$pid" 2>/dev/null || true
  if ! "$bin/wsctl" -q -f "$file" validate >/dev/null 2>&1; then
    corrupt=$((corrupt + 1))
    echo "iteration $i: the file does not validate" >&2
    cp "$work/before.json" "$file"
    continue
  fi
  if ! cmp -s "$file" "$work/before.json" && ! cmp -s "$file" "$work/after.json"; then
    lost=$((lost + 1))
    echo "iteration $i: the file is neither the state before nor after the edit" >&2
    cp "$work/after.json" "$file"
  fi
  # The next writer must not be blocked by what the killed one left behind.
  if ! timeout 5 "$bin/wsctl" -q -f "$work/probe.json" --dry-run focus 1 >/dev/null 2>&1 \
    || ! timeout 5 "$bin/wsctl" -q -f "$file" focus 1 >/dev/null 2>&1; then
    stale=$((stale + 1))
    echo "iteration $i: the next run was blocked" >&2
  fi
  # Put the edited file back to a known state for the next round (keep it growing slowly).
  if cmp -s "$file" "$work/before.json"; then cp "$work/after.json" "$file"; fi
done
leftovers=$(find "$work" -name '.workspace.json.tmp-*' | wc -l)
echo "kill test: $iterations runs on a $size-byte file ($killed killed mid-run, $finished finished first)"
echo "corrupt/stale/lost: $corrupt/$stale/$lost; temporary files left now: $leftovers"
[ "$corrupt" -eq 0 ] && [ "$stale" -eq 0 ] && [ "$lost" -eq 0 ]

#!/usr/bin/env bash
# Builds the DocC documentation of each library with the toolchain's docc, from symbol
# graphs emitted by `swift build`, and fails on any warning.
#
#     scripts/build-docs.sh            # output in .build/docs/<Module>
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/docs-build
mkdir -p "$scratch"
swift package dump-symbol-graph --skip-synthesized-members >"$scratch/dump.log" 2>&1 \
  || { cat "$scratch/dump.log"; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$scratch/dump.log" | tail -1)
[ -d "$graphs" ] || graphs=$(dirname "$(find .build -path '*symbolgraph*' -name 'PaneRouter.symbols.json' | head -1)")
status=0
mkdir -p .build/docs
for module in PaneRouter Workspace WorkspaceJSON WorkspaceSession; do
  moduleGraphs=$scratch/graphs-$module
  rm -rf "$moduleGraphs" && mkdir -p "$moduleGraphs"
  cp "$graphs/$module.symbols.json" "$moduleGraphs/"
  cp "$graphs/$module"@*.symbols.json "$moduleGraphs/" 2>/dev/null || true
  echo "docc: $module"
  if ! docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$moduleGraphs" \
    --output-path ".build/docs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "workspace.$module" \
    --warnings-as-errors >"$scratch/docc-$module.log" 2>&1; then
    cat "$scratch/docc-$module.log"
    status=1
  fi
done
[ $status -eq 0 ] && echo "docs: built without warnings (.build/docs)"
exit $status

#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in Fuzz/ (see Fuzz/README.md).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS (default 30) is the time per target; 0 means no time limit (then set FUZZ_RUNS).
# TARGETs default to every Fuzz/Fuzz*.swift. For each target, in order, one at a time:
#   1. build .build/fuzz/bin/<Target> (cached; rebuilt when a source or the toolchain changes);
#   2. replay every file in Fuzz/Regressions/<Target>/ once;
#   3. fuzz for SECONDS from the seeds in Fuzz/Corpus/<Target>/ plus the inputs found by
#      earlier runs (kept in .build/fuzz/corpus/<Target>/, never in the checked-in seeds).
# Prints the executions per target; exits 1 if any target crashed, leaked, timed out or ran
# out of memory, with the input left in .build/fuzz/artifacts/<Target>/.
#
# Environment:
#   FUZZ_RUNS=N    also stop each target after N executions (libFuzzer -runs)
#   FUZZ_ARGS=...  extra libFuzzer flags, e.g. FUZZ_ARGS='-seed=1 -workers=1'
#   SWIFTC=...     the compiler (default: swiftc on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-30}
if [[ $# -gt 0 ]]; then shift; fi
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2
  exit 64
fi
if [[ $# -gt 0 ]]; then
  targets=("$@")
else
  targets=()
  for file in Fuzz/Fuzz*.swift; do targets+=("$(basename "$file" .swift)"); done
fi

swiftc=${SWIFTC:-swiftc}
out=.build/fuzz
modules=(PaneRouter Workspace WorkspaceSystem WorkspaceJSON)  # in dependency order
# Every module and target is compiled with the same package name, so the fuzz files reach
# `package` declarations (JSONReader, invariantViolations) through ordinary imports.
flags=(-swift-version 6 -O -g -parse-as-library -package-name workspace
  -sanitize=fuzzer,address -I "$out/modules")

# Fuzzing options per target: the longest input tried.
max_len() {
  case $1 in
    FuzzJSONReader) echo 4096 ;;
    FuzzWorkspaceLoader) echo 8192 ;;
    FuzzCommandGrammar) echo 512 ;;
    FuzzRouteToken) echo 4200 ;;  # just past RouteToken.maximumLength
    *) echo 4096 ;;
  esac
}

fingerprint() { # files... -> a hash of the toolchain, the flags and the files' contents
  { "$swiftc" --version 2>&1; echo "${flags[*]}"; cat "$@"; } | sha256sum | cut -c1-16
}

build_modules() {
  mkdir -p "$out/modules"
  local module sources stamp
  local upstream=""
  for module in "${modules[@]}"; do
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    stamp=$(fingerprint "${sources[@]}" <(echo "$upstream"))
    upstream+=$stamp
    if [[ -f $out/modules/$module.o && $(cat "$out/modules/$module.stamp" 2>/dev/null) == "$stamp" ]]; then
      continue
    fi
    echo "== build module $module"
    rm -f "$out/modules/$module.stamp"
    "$swiftc" "${flags[@]}" -wmo -c -module-name "$module" -emit-module \
      -emit-module-path "$out/modules/$module.swiftmodule" "${sources[@]}" \
      -o "$out/modules/$module.o"
    echo "$stamp" >"$out/modules/$module.stamp"
  done
  module_stamp=$upstream
}

build_target() { # target
  local target=$1 binary=$out/bin/$1 stamp
  stamp=$(fingerprint "Fuzz/$target.swift" <(echo "$module_stamp"))
  if [[ -x $binary && $(cat "$binary.stamp" 2>/dev/null) == "$stamp" ]]; then return; fi
  echo "== build $target"
  mkdir -p "$out/bin"
  rm -f "$binary.stamp"
  local objects=()
  for module in "${modules[@]}"; do objects+=("$out/modules/$module.o"); done
  # lld: gold warns about every ASan helper symbol.
  "$swiftc" "${flags[@]}" -use-ld=lld -module-name "$target" "Fuzz/$target.swift" \
    "${objects[@]}" -o "$binary"
  echo "$stamp" >"$binary.stamp"
}

for target in "${targets[@]}"; do
  if [[ ! -f Fuzz/$target.swift ]]; then
    echo "no such fuzz target: Fuzz/$target.swift" >&2
    exit 64
  fi
done

build_modules
for target in "${targets[@]}"; do build_target "$target"; done

common=(-rss_limit_mb=2048 -timeout=10 -print_final_stats=1)
# libFuzzer reports crashes itself; the Swift runtime's backtracer would only get in its way.
export SWIFT_BACKTRACE=enable=no
# Allocations of the grammar's once-built tables that the leak checker cannot see held
# (Fuzz/lsan.supp says why); every other leak is still reported.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
failed=()
summary=()
for target in "${targets[@]}"; do
  binary=$out/bin/$target
  artifacts=$out/artifacts/$target
  log=$out/logs/$target.log
  mkdir -p "$artifacts" "$out/logs" "$out/corpus/$target" "Fuzz/Corpus/$target"

  mapfile -t regressions < <(find "Fuzz/Regressions/$target" -type f 2>/dev/null | LC_ALL=C sort)
  if [[ ${#regressions[@]} -gt 0 ]]; then
    echo "== $target: replay ${#regressions[@]} regression inputs"
    if ! "$binary" "${common[@]}" "${regressions[@]}" >"$out/logs/$target.regressions.log" 2>&1; then
      tail -n 40 "$out/logs/$target.regressions.log"
      echo "!! $target: a regression input fails again (log: $out/logs/$target.regressions.log)"
      failed+=("$target")
      summary+=("$(printf '%-22s %14s  %s' "$target" "-" "REGRESSION")")
      continue
    fi
  fi

  echo "== $target: fuzz for ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS runs} (log: $log)"
  limits=(-max_total_time="$seconds" -max_len="$(max_len "$target")")
  if [[ -n ${FUZZ_RUNS:-} ]]; then limits+=(-runs="$FUZZ_RUNS"); fi
  if [[ -f Fuzz/Dictionaries/$target.dict ]]; then limits+=(-dict="Fuzz/Dictionaries/$target.dict"); fi
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  if "$binary" "${common[@]}" "${limits[@]}" -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-} \
    "$out/corpus/$target" "Fuzz/Corpus/$target" >"$log" 2>&1; then
    status=ok
  else
    status=CRASH
    failed+=("$target")
    grep -E 'Fatal error|==ERROR|ERROR: libFuzzer|Swift runtime failure|^SUMMARY' "$log" | head -n 10 || true
    input=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
    echo "!! $target failed (log: $log)"
    echo "   input:     ${input:-none written; see the log}"
    echo "   reproduce: $binary ${input:-<input>}"
    echo "   then keep the input in Fuzz/Regressions/$target/ once it is fixed"
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  summary+=("$(printf '%-22s %14s  %s' "$target" "${execs:-?}" "$status")")
done

echo
printf '%-22s %14s  %s\n' target executions status
printf '%s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzzing failed: ${failed[*]}" >&2
  exit 1
fi

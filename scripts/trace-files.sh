#!/usr/bin/env bash
# Lists the source files one wsctl call runs code in, in the order of docs/ARCHITECTURE.md's
# trace: wsctl is built with coverage (in .build/trace, cached), run once in a scratch
# directory on a file `wsctl init` wrote, and every file with an executed function is
# printed with how many of its functions ran.
#
#   scripts/trace-files.sh [WORD...]     (default: focus 2 push detail:7)
#
# The call runs in file mode (no host listens for the scratch file). Prints the files, then
# their count; exits with wsctl's exit code if the call failed.
set -euo pipefail
cd "$(dirname "$0")/.."
words=("$@")
if [[ ${#words[@]} -eq 0 ]]; then words=(focus 2 push detail:7); fi
bin=$(dirname "$(command -v swiftc)")
swift build --product wsctl --scratch-path .build/trace \
  -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping >/dev/null
wsctl=.build/trace/debug/wsctl
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
LLVM_PROFILE_FILE="$scratch/init.profraw" "$wsctl" -f "$scratch/w.json" init >/dev/null
status=0
LLVM_PROFILE_FILE="$scratch/call.profraw" "$wsctl" -f "$scratch/w.json" "${words[@]}" ||
  status=$?
"$bin/llvm-profdata" merge -o "$scratch/call.profdata" "$scratch/call.profraw"
"$bin/llvm-cov" report "$wsctl" -instr-profile="$scratch/call.profdata" 2>/dev/null |
  awk '$1 ~ /\.swift$/ && $7 != "0.00%" { printf "%-60s %d/%d functions\n", $1, $5 - $6, $5; n++ }
       END { print n " files" }'
exit "$status"

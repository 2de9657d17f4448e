#!/usr/bin/env bash
# Writes scripts/wsctl.order, the release link's symbol order (scripts/release-flags.sh): the
# functions and data that short `wsctl` calls touch, in the order they first touch them, so
# that the linker puts them side by side and a call faults in a few pages of code and data
# instead of one page here and there across the whole executable.
#
#     scripts/wsctl-order.sh        # Linux; needs valgrind (apt-get install valgrind)
#
# The calls traced: `--version`, `routes` and `focus 1` to a live host (the MailHost sample),
# `routes` on the file (`--no-host`), `status`, and an edit of a file no host serves (`focus 2
# push detail:7`, the edit wsbench times beside jq). Run it again after a change to what these
# calls run: a symbol the order names that is no longer in the executable is skipped, and one
# it does not name is placed after the named ones, so a stale order only makes the start-up
# slower, never wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "wsctl-order: valgrind is not installed" >&2; exit 1; }
source scripts/release-flags.sh
# The host too is built with the release flags: one configuration, so nothing is compiled
# twice (a debug host would build every module again).
swift build "${release_flags[@]}" --product wsctl >/dev/null
swift build "${release_flags[@]}" --product MailHost >/dev/null
bin="$(swift build "${release_flags[@]}" --show-bin-path)"
wsctl="$bin/wsctl"
host="$bin/MailHost"

work=$(mktemp -d)
host_pid=
stop() {
  if [ -n "$host_pid" ]; then kill "$host_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap stop EXIT
file="$work/mail.json"
cp Samples/Workspaces/mail.json "$file"
cp Samples/Workspaces/mail.json "$work/edit.json"
mkfifo "$work/input"
"$host" -f "$file" <"$work/input" >"$work/host.log" 2>&1 &
host_pid=$!
exec 3>"$work/input" # the host reads commands until its input closes
# `status` is read whole, then matched: `grep -q` would stop reading at the first line, and
# under pipefail the write of the second line's SIGPIPE would fail the check.
is_live() { [[ "$("$wsctl" -f "$file" status 2>/dev/null || true)" == "host live"* ]]; }
for _ in $(seq 100); do
  is_live && break
  sleep 0.1
done
is_live || { echo "wsctl-order: no host" >&2; exit 1; }

calls=("--version" "-q -f $file routes" "-q -f $file focus 1" "-q --no-host -f $file routes"
  "-f $file status" "-q -f $work/edit.json focus 2 push detail:7")
# Under valgrind a call is so slow that the host's reply is there before it reads: it would
# never wait for one (`poll`), as a real call does. The calls to the host are traced with the
# host stopped until the call waits in `poll`.
to_host=(1 2)
for index in "${!calls[@]}"; do
  paused=
  if [[ " ${to_host[*]} " == *" $index "* ]]; then
    kill -STOP "$host_pid"
    paused=1
  fi
  # shellcheck disable=SC2086 # each call is its words
  valgrind --tool=lackey --trace-mem=yes --log-file="$work/trace.$index" \
    "$wsctl" ${calls[$index]} >/dev/null 2>&1 &
  call_pid=$!
  if [ -n "$paused" ]; then
    for _ in $(seq 600); do
      grep -q poll "/proc/$call_pid/wchan" 2>/dev/null && break
      sleep 0.05
    done
    kill -CONT "$host_pid"
  fi
  wait "$call_pid" || true
done

# Each address touched (instructions, loads, stores), first touch first, mapped to the
# symbol that holds it: the symbols of the executable sorted by address, searched by halves.
nm -n "$wsctl" | awk '$2 ~ /^[tTwWdDbBrRvV]$/' >"$work/symbols"
cat "$work"/trace.* | awk -v symbols="$work/symbols" '
  BEGIN {
    while ((getline line < symbols) > 0) {
      split(line, field, " ")
      count++
      address[count] = hex(field[1])
      sub(/^[^ ]+ [^ ]+ /, "", line) # a name may hold spaces (associated conformance ...)
      name[count] = line
    }
  }
  function hex(text,    value, i, digit) {
    value = 0
    text = tolower(text)
    for (i = 1; i <= length(text); i++) {
      digit = index("0123456789abcdef", substr(text, i, 1)) - 1
      value = value * 16 + digit
    }
    return value
  }
  /^(I | S | L | M )/ {
    split($2, part, ",")
    if (length(part[1]) > 10) next # the stack, not the executable
    target = hex(part[1])
    low = 1
    high = count
    # Only the executable: not the stack and the heap around it.
    if (target < address[1] || target > address[count] + 65536) next
    while (low < high) {
      middle = int((low + high + 1) / 2)
      if (address[middle] <= target) low = middle
      else high = middle - 1
    }
    if (!(name[low] in seen)) {
      seen[name[low]] = 1
      print name[low]
    }
  }
' >"$work/order"

# glibc picks a string function's variant for the processor at start-up (memmove, strlen...:
# AVX2 under valgrind, which has no AVX-512; EVEX or AVX-512 on many machines): each traced
# variant's siblings for other processors (every variant of the same function) follow the
# traced symbols, together, so that the one a machine picks is near the rest.
isa='(sse2|ssse3|sse4_1|sse4_2|avx|avx2|avx512|evex|evex512)'
{
  cat "$work/order"
  grep -E "^__[a-z0-9]+_${isa}(_[a-z0-9_]+)?\$" "$work/order" \
    | sed -E "s/^(__[a-z0-9]+)_${isa}(_[a-z0-9_]+)?\$/\1/" | sort -u \
    | while read -r family; do
      awk '{print $3}' "$work/symbols" | grep -E "^${family}_${isa}(_[a-z0-9_]+)?\$" || true
    done | grep -vxF -f "$work/order" || true
} >scripts/wsctl.order
echo "wsctl-order: $(wc -l <scripts/wsctl.order) symbols in scripts/wsctl.order"

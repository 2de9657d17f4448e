#!/usr/bin/env bash
# End-to-end test of the wsterm sample: runs it inside a detached tmux session of fixed
# size, drives it with send-keys and checks the screen with capture-pane at each step, then
# relaunches it and checks that the layout was restored from the file.
#
#     scripts/wsterm-tmux-test.sh            # builds wsterm first
#     WSTERM=/path/to/wsterm scripts/wsterm-tmux-test.sh
#
# Exits non-zero with the captured screen on failure. Skips (exit 0) only if tmux is not
# installed and cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

install_tmux() {
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 1
    sudo="sudo -n"
  fi
  if command -v apt-get >/dev/null 2>&1; then
    $sudo apt-get install -y -qq tmux >/dev/null 2>&1 \
      || { $sudo apt-get update -qq >/dev/null 2>&1 && $sudo apt-get install -y -qq tmux >/dev/null 2>&1; }
  elif command -v dnf >/dev/null 2>&1; then
    $sudo dnf install -y -q tmux >/dev/null 2>&1
  elif command -v apk >/dev/null 2>&1; then
    $sudo apk add -q tmux >/dev/null 2>&1
  elif command -v brew >/dev/null 2>&1; then
    brew install -q tmux >/dev/null 2>&1
  else
    return 1
  fi
}

if ! command -v tmux >/dev/null 2>&1; then
  echo "wsterm-tmux-test: tmux not found; trying to install it"
  if ! install_tmux || ! command -v tmux >/dev/null 2>&1; then
    echo "wsterm-tmux-test: SKIPPED: tmux cannot be found or installed"
    exit 0
  fi
fi

started=$(date +%s.%N)
if [ -z "${WSTERM:-}" ]; then
  swift build --product wsterm >/dev/null
  WSTERM="$(swift build --show-bin-path)/wsterm"
fi
if [ -z "${WSCTL:-}" ]; then
  swift build --product wsctl >/dev/null
  WSCTL="$(swift build --show-bin-path)/wsctl"
fi
[ -x "$WSTERM" ] || { echo "wsterm-tmux-test: no executable at $WSTERM" >&2; exit 1; }
[ -x "$WSCTL" ] || { echo "wsterm-tmux-test: no executable at $WSCTL" >&2; exit 1; }

work=$(mktemp -d)
file="$work/workspace.json"
socket="wsterm-test-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  tmux_ kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

step="start"
screen() { tmux_ capture-pane -p -t wsterm 2>/dev/null || true; }

fail() {
  echo "wsterm-tmux-test: FAILED at step '$step': $*" >&2
  echo "---- screen ----" >&2
  screen >&2
  echo "----------------" >&2
  exit 1
}

# Waits up to 10 s until the screen contains every given string.
wait_for() {
  local deadline=$((SECONDS + 10)) text missing
  while :; do
    text=$(screen)
    missing=""
    for expected in "$@"; do
      grep -qF -- "$expected" <<<"$text" || { missing="$expected"; break; }
    done
    [ -z "$missing" ] && return 0
    [ $SECONDS -ge $deadline ] && fail "expected '$missing' on screen"
    sleep 0.1
  done
}

# Waits up to 10 s until a shell condition holds.
wait_until() {
  local what="$1" deadline=$((SECONDS + 10))
  shift
  until "$@"; do
    [ $SECONDS -ge $deadline ] && fail "$what"
    sleep 0.1
  done
}

# The screen's last line (the status line or the prompt).
bottom_line() { screen | sed -n '$p'; }
prompt_is_open() { [ "$(bottom_line)" = ":" ]; }

# Fails if the screen contains the given string.
refute() {
  grep -qF -- "$1" <<<"$(screen)" && fail "did not expect '$1' on screen"
  return 0
}

# The number of pane boxes on screen: their top-left corners.
count_panes() { screen | grep -o '[┌┏]' | wc -l | tr -d ' '; }
# Whether the screen shows exactly the given number of pane boxes: a condition for
# `wait_until`, which runs it again each time (an argument such as "$(count_panes)" would be
# read once, when the wait starts, and a screen drawn after that never seen).
shows_panes() { [ "$(count_panes)" = "$1" ]; }

launch() {
  # A session that outlives every wsterm session keeps the server up: killing the only
  # session makes the server exit, and a command racing that exit fails with "server exited
  # unexpectedly" (seen once in CI, at a relaunch).
  tmux_ has-session -t keeper 2>/dev/null || tmux_ new-session -d -s keeper -x 20 -y 5
  tmux_ new-session -d -s wsterm -x 100 -y 30 \
    "$WSTERM -f '$file'; echo \"[wsterm exited \$?]\"; exec sleep 600"
}

keys() { tmux_ send-keys -t wsterm "$@"; }

# 1. A fresh file: one tab with one pane.
step="launch on a new file"
launch
wait_for " 1:main* " "1* main" "home" "pane 1"
[ "$(count_panes)" = 1 ] || fail "expected 1 pane, found $(count_panes)"

# 2. C-b % splits beside; the new pane (2) gets focus.
step="split (C-b %)"
keys C-b %
wait_for "2* main" "1 main"
[ "$(count_panes)" = 2 ] || fail "expected 2 panes, found $(count_panes)"
wait_until "the split was not saved to $file" test -f "$file"
# The session saves the area the panes get (100x30 less the tab bar and the status line) as
# the layout size, so wsctl measures on what wsterm draws.
wait_until "the pane area 100x28 was not recorded in $file" grep -qF '"layoutSize": "100x28"' "$file"

# 3. C-b Left moves focus back to pane 1.
step="focus left (C-b Left)"
keys C-b Left
wait_for "1* main" "2 main"

# 4. The prompt runs the wsctl grammar: push a route onto pane 1.
step="push via the prompt (C-b : push detail:7 Enter)"
keys C-b :
wait_until "the prompt did not open" prompt_is_open
keys -l "push detail:7"
wait_for ":push detail:7"
keys Enter
wait_for "detail:7" "1* main"
line=$(screen | grep -F "detail:7")
case "$line" in
  "│ detail:7"* | "┃ detail:7"*) ;;
  *) fail "detail:7 is not in the left pane: '$line'" ;;
esac

# 5. An error goes to the status line and changes nothing.
step="a bad command (C-b : pish Enter)"
keys C-b :
wait_until "the prompt did not open" prompt_is_open
keys -l "pish x"
keys Enter
wait_for "unknown command 'pish'"
keys Escape
wait_for "pane 1 ("

# 6. A resize redraws at the new size (SIGWINCH).
step="resize to 80x24"
tmux_ resize-window -t wsterm -x 80 -y 24
# The live screen must equal the frame wsterm prints for the file at that size.
matches_frame() { diff <(screen) <("$WSTERM" -f "$file" --frame "$1") >/dev/null; }
wait_until "the screen was not redrawn at 80x24" matches_frame 80x24

# 7. wsctl drives the running wsterm: the host applies the words itself, and the screen shows
# them within 100 ms of wsctl returning. Only the screen is polled, never the file.
step="wsctl scripts the live wsterm (wsctl focus 2 push detail:8)"
# The status is read whole first: grep -q closing the pipe early would fail it (pipefail).
status=$("$WSCTL" -f "$file" status)
grep -q "^host live for " <<<"$status" || fail "wsctl status does not see wsterm: $status"
sent=$(date +%s%N)
"$WSCTL" -q -f "$file" focus 2 push detail:8 || fail "wsctl focus 2 push detail:8 failed"
returned=$(date +%s%N)
until screen | grep -qF "detail:8" && screen | grep -qF "2* main"; do
  [ $(($(date +%s%N) - returned)) -gt 100000000 ] && fail "the screen did not change within 100 ms"
done
shown=$(date +%s%N)
echo "wsterm-tmux-test: wsctl round trip $(((returned - sent) / 1000)) us," \
  "on screen $(((shown - returned) / 1000)) us after it returned"

# 8. Another writer's edit of the file (file mode) shows at once too: wsterm adopts it.
step="wsctl --no-host edits the file (wsctl --no-host push detail:9)"
"$WSCTL" -q --no-host -f "$file" push detail:9
wait_for "detail:9" "2* main" "changed by another writer"

# 8b. C-b f floats the focused pane over pane 1, centred at half size, and the file keeps it;
# C-b t and C-b w move focus between the layers; C-b e embeds it again.
step="float and embed (C-b f, C-b t, C-b w, C-b e)"
keys C-b f
floating_drawn() { screen | grep -qE '^│ +┏ 2\* main'; }
wait_until "the floating pane was not drawn over pane 1" floating_drawn
wait_until "the floating pane was not saved to $file" grep -qF '"floating": [' "$file"
keys C-b t
wait_for "1* main" "2 main"
keys C-b w
wait_for "2* main"
keys C-b e
not_floating() { ! floating_drawn; }
wait_until "the floating pane was not embedded" not_floating
wait_for "2* main" "1 main"
[ "$(count_panes)" = 2 ] || fail "expected 2 panes after embed, found $(count_panes)"

# 9. C-b q quits and the terminal is restored.
step="quit (C-b q)"
keys C-b q
wait_for "[wsterm exited 0]"
refute "1* main"

# 10. Relaunch: the same two panes, focus and routes come back from the file.
step="relaunch and restore"
tmux_ kill-session -t wsterm
launch
wait_for "2* main" "1 main" "detail:7" "detail:9"
[ "$(count_panes)" = 2 ] || fail "expected 2 restored panes, found $(count_panes)"
matches_frame 100x30 || fail "the restored screen differs from the file's frame"

# 11. The prompt reads shell quoting, as wsctl's arguments do: one word with a space.
step="quoted title via the prompt (C-b : rename 'my notes' Enter)"
keys C-b :
wait_until "the prompt did not open" prompt_is_open
keys -l "rename 'my notes'"
keys Enter
wait_for "2* my notes"
step="an unterminated quote in the prompt"
keys C-b :
wait_until "the prompt did not open" prompt_is_open
keys -l "rename 'oops"
keys Enter
wait_for "unterminated ' quote at column 8"
keys C-b q
wait_for "[wsterm exited 0]"

# 12. A terminating signal restores the terminal and exits with 128 + its number.
for signal in TERM:143 HUP:129 INT:130; do
  step="SIG${signal%%:*} exits ${signal##*:} with the terminal restored"
  tmux_ kill-session -t wsterm
  launch
  wait_for "2* my notes"
  shell_pid=$(tmux_ list-panes -t wsterm -F '#{pane_pid}')
  wsterm_pid=$(ps -o pid= --ppid "$shell_pid" | tr -d ' ' | head -n 1)
  [ -n "$wsterm_pid" ] || fail "no wsterm process under the pane's shell $shell_pid"
  kill -s "${signal%%:*}" "$wsterm_pid"
  wait_for "[wsterm exited ${signal##*:}]"
  refute "2* my notes"
done

# 13. Both sides editing: 100 tabs opened at wsterm's prompt interleaved with 100 opened by
# wsctl. Every edit is in the file, each side's in the order it made them.
step="200 interleaved edits"
tmux_ kill-session -t wsterm
rm -f "$file" "$file.bak"
launch
wait_for "1* main"
for i in $(seq 1 100); do
  keys C-b :
  keys -l "tab new t$i"
  keys Enter
  "$WSCTL" -q -f "$file" tab new "c$i" || fail "wsctl tab new c$i failed"
done
keys C-b q
wait_for "[wsterm exited 0]"
titles=$(awk '/"titles": \[/ { inside = 1 } inside { print } inside && /\]/ { exit }' "$file" \
  | grep -oE '"[ct][0-9]+"' | tr -d '"')
for side in t c; do
  order=$(grep "^$side" <<<"$titles" | tr -d "$side" | tr '\n' ' ')
  [ "$order" = "$(seq -s ' ' 1 100) " ] || fail "the $side edits are not all in the file in order: $order"
done

# 14. A stack: the column becomes a stack at the prompt, its collapsed member a title bar;
# focus expands the bar, wsctl unstacks it live, and a relaunch restores the stack.
step="stack at the prompt (C-b \" then C-b : stack Enter)"
tmux_ kill-session -t wsterm
rm -f "$file" "$file.bak"
launch
wait_for "1* main"
keys C-b '"'
wait_for "2* main" "1 main"
keys C-b :
wait_until "the prompt did not open" prompt_is_open
keys -l "stack"
keys Enter
wait_for "├ 1 main ─" "2* main"
[ "$(count_panes)" = 1 ] || fail "expected 1 box beside the title bar, found $(count_panes)"
screen | sed -n 2p | grep -q '^├ 1 main ─' || fail "the bar is not the first row"
step="focus up expands the bar (C-b Up)"
keys C-b Up
wait_for "1* main" "├ 2 main ─"
screen | tail -n 2 | head -n 1 | grep -q '^├ 2 main ─' \
  || fail "the second member's bar is not the last row above the status line"
step="relaunch restores the stack"
keys C-b q
wait_for "[wsterm exited 0]"
grep -qF '"kind": "stack"' "$file" || fail "the stack is not in $file"
tmux_ kill-session -t wsterm
launch
wait_for "1* main" "├ 2 main ─"
matches_frame 100x30 || fail "the restored stack differs from the file's frame"
step="wsctl unstack drives the live wsterm"
"$WSCTL" -q -f "$file" unstack || fail "wsctl unstack failed"
wait_until "the stack was not laid out again" shows_panes 2
refute "├ 2 main"
keys C-b q
wait_for "[wsterm exited 0]"

elapsed=$(awk -v start="$started" -v end="$(date +%s.%N)" 'BEGIN { printf "%.1f", end - start }')
echo "wsterm-tmux-test: passed in ${elapsed}s"

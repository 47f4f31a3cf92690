#!/usr/bin/env bash
# Runs the test suite (default `npm test`; pass another command to run that instead, e.g.
# `scripts/test-under-load.sh npx vitest run`) while two CPU hogs keep both cores of a 2-core
# machine busy the whole time: the suite must not depend on the machine's speed. The hogs are
# this script's own children and are stopped when it exits, however it exits.
set -uo pipefail
# `npm test` runs from the repository; a command given runs where the script was called from.
[ "$#" -gt 0 ] || cd "$(dirname "$0")/.."

hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM

for _ in 1 2; do
  node -e 'for (;;) {}' &
  hogs+=("$!")
done
echo "test-under-load: two CPU hogs running (pids ${hogs[*]}); load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

started=$(date +%s)
if [ "$#" -gt 0 ]; then "$@"; else npm test; fi
status=$?
echo "test-under-load: finished with status $status after $(( $(date +%s) - started )) s; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
exit $status

#!/usr/bin/env bash
# The e2e folder N times in a row (default 10) beside a busy loop on every core, as issue 13
# asks: prints one line per run (exit code, seconds, pytest's summary, load average) and
# stops at nothing, so a failure shows how often. Logs: $LOGS (default /tmp/e2e-under-load).
# Run it from a checkout of its own (a `git worktree add --detach` with its own `make install`)
# so that editing the main checkout meanwhile changes nothing under test.
set -u
cd "$(dirname "$0")/.."
RUNS=${1:-10}
LOGS=${LOGS:-/tmp/e2e-under-load}
mkdir -p "$LOGS"
pids=()
for _ in $(seq 1 "$(nproc)"); do python3 -c 'while 1: pass' & pids+=($!); done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
echo "commit $(git rev-parse --short HEAD) start $(date -u +%H:%M:%S) cores $(nproc)"
for i in $(seq 1 "$RUNS"); do
  s=$(date +%s)
  .venv/bin/pytest tests/e2e -p no:cacheprovider -q > "$LOGS/run$i.log" 2>&1; rc=$?
  echo "run $i rc $rc $(( $(date +%s) - s )) s $(tail -1 "$LOGS/run$i.log") load $(cut -d' ' -f1-3 /proc/loadavg)"
done

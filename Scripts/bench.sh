#!/usr/bin/env bash
# Runs Choreo's benchmarks: installs the build dependencies (Scripts/setup.sh), builds
# choreo-bench in release, runs every scenario with --json (the lines are kept in
# .build/bench/results.jsonl) and prints a table. Benchmarks are never part of the tests.
#
#   Scripts/bench.sh                       every scenario
#   Scripts/bench.sh bezier-solve lua-curve  only these
#   RUNS=5 Scripts/bench.sh                runs per scenario (default 3; frame-100k, memory-10k: 1)
#
# The machine is usually noisy: read the ratios against the baselines measured in the same run
# (ratio_*), not the absolute numbers.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh >/dev/null

# The shipped plugins too: plugin-curves measures penner beside choreo-bench, and memory-10k
# runs the choreo beside it.
for product in choreo-bench choreo penner physics; do
  echo "== swift build -c release --product $product" >&2
  swift build -c release --product "$product" >&2
done
bench="$(swift build -c release --show-bin-path)/choreo-bench"

if [[ $# -gt 0 ]]; then
  scenarios=("$@")
else
  # The soak runs an hour: only when named (Scripts/bench.sh soak, or choreo-bench --scenario soak).
  mapfile -t scenarios < <("$bench" --list | cut -f1 | grep -vx soak)
fi

mkdir -p .build/bench
results=.build/bench/results.jsonl
: > "$results"
for scenario in "${scenarios[@]}"; do
  runs=${RUNS:-3}
  [[ ( "$scenario" == frame-100k || "$scenario" == memory-10k || "$scenario" == soak ) && -z "${RUNS:-}" ]] && runs=1
  echo "== $scenario ($runs runs)" >&2
  "$bench" --scenario "$scenario" --runs "$runs" --json | tee -a "$results" >&2
done

# The table: choreo-bench's JSON is flat, one object a line, with no commas inside values.
echo
awk '
  function short(v) { return (v ~ /^-?[0-9.]+(e-?[0-9]+)?$/) ? sprintf("%.4g", v) : v }
  BEGIN { printf "%-15s %12s  %-18s %s\n", "scenario", "median", "unit", "key extras"
          printf "%-15s %12s  %-18s %s\n", "--------", "------", "----", "----------" }
  {
    line = $0; gsub(/^\{|\}$/, "", line); gsub(/"/, "", line)
    n = split(line, fields, ", "); extras = ""
    for (i = 1; i <= n; i++) {
      split(fields[i], kv, ": "); key = kv[1]; value = kv[2]
      if (key == "scenario") scenario = value
      else if (key == "unit") unit = value
      else if (key == "median") median = value
      else if (key ~ /^(ratio_|max_error$|drift_ms$|c_ns$|pcall_ns$|plain_call_ns$|baked_call_ns$|native_call_ns$|bare_ns$|with_reads_ns$|png_ms$|sleep_p99_jitter_ms$)/)
        extras = extras key "=" short(value) " "
    }
    printf "%-15s %12s  %-18s %s\n", scenario, short(median), unit, extras
  }' "$results"

#!/usr/bin/env bash
# Runs Choreo's fuzzer (choreo-fuzz): seeded random Lua scripts over the documented API, each run
# through the choreo binary (trace, run, sometimes render; test for scene tests) under small
# limits and a wall-clock timeout, and classified ok / clear error / unclear error / crash /
# hang / NaN in the trace. Scripts that are not ok are saved under --out (default .build/fuzz)
# by verdict, with their message beside them.
#
#   Scripts/fuzz.sh --seed 7 --count 5000            a long run (the same seed: the same scripts)
#   Scripts/fuzz.sh --seed 7 --count 5000 --jobs 4   more at once
#   Scripts/fuzz.sh --seed 7 --print 42              show script 42 of that batch
#   Scripts/fuzz.sh --replay .build/fuzz/hang/fuzz_123.lua
#
# Exit status 1 when any script crashed, hung or put NaN in a trace (Scripts/test.sh runs a
# short fixed batch).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product choreo >&2
swift build --product choreo-fuzz >&2
exec "$(swift build --show-bin-path)/choreo-fuzz" "$@"

#!/usr/bin/env bash
# Builds Choreo with AddressSanitizer in a scratch path of its own (.build-asan) and runs, under
# it: the Swift tests, the Lua scene tests, every example (run, trace and render) and a short fuzz
# batch. Heavy: a full build. Not part of Scripts/test.sh.
#
#   Scripts/sanitize.sh            (the same as Scripts/sanitize.sh address)
#
# UndefinedBehaviorSanitizer is not offered: Swift 6.3 on Linux refuses `-sanitize=undefined`
# ("unsupported option"), and Swift's own checks (overflow, bounds, unwrapping) trap in every
# build, which the fuzzer counts as crashes. Valgrind cannot read this toolchain's DWARF 5.
# Lua itself is the system liblua5.4, not rebuilt: ASan covers Choreo's Swift and C targets.
#
# A sanitizer report stops the process that hit it (halt_on_error) and fails this script.
# LeakSanitizer is off: the Swift runtime's own caches read as leaks; RSS growth is the soak's job
# (choreo-bench --scenario soak).
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh >/dev/null

export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0:exitcode=86"

sanitizers=("$@")
[[ ${#sanitizers[@]} -eq 0 ]] && sanitizers=(address)

for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address) scratch=.build-asan ;;
    *) echo "sanitize.sh: unknown sanitizer '$sanitizer' (address is the one Swift supports on Linux)" >&2; exit 2 ;;
  esac
  flags=(--sanitize="$sanitizer" --scratch-path "$scratch")

  echo "== swift build --build-tests ${flags[*]}"
  swift build --build-tests "${flags[@]}"
  bin="$(swift build "${flags[@]}" --show-bin-path)"

  echo "== swift test (${sanitizer})"
  swift test --skip-build "${flags[@]}"

  # As Scripts/test.sh runs them: the scene tests may load the shipped examples.
  echo "== choreo test Tests/Scenes --allow-root Scripts/Examples (${sanitizer})"
  "$bin/choreo" test Tests/Scenes --allow-root Scripts/Examples
  echo "== choreo test Tests/Security/Scenes (${sanitizer})"
  "$bin/choreo" test Tests/Security/Scenes

  out="$scratch/sanitize-out"
  rm -rf "$out" && mkdir -p "$out"
  for example in Scripts/Examples/*.lua; do
    name="$(basename "$example" .lua)"
    echo "== examples: $name (${sanitizer})"
    "$bin/choreo" run "$example" --duration 6 >/dev/null
    "$bin/choreo" trace "$example" --duration 3 --out "$out/$name.jsonl" >/dev/null
    "$bin/choreo" render "$example" --duration 1 --fps 10 --out "$out/$name" >/dev/null
  done

  # The fuzzer's scripts under the sanitizer: a report makes a run a crash (exit 86 with the
  # sanitizer's message), which fails the batch.
  echo "== choreo-fuzz --seed 1 --count 100 (${sanitizer})"
  "$bin/choreo-fuzz" --seed 1 --count 100 --jobs 2 --timeout 60 --out "$scratch/fuzz"
done
echo "== sanitizers clean: ${sanitizers[*]}"

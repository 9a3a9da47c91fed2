#!/usr/bin/env bash
# Runs every test of Choreo: installs the build dependencies (Scripts/setup.sh), builds, runs the
# Swift tests, then the Lua scene tests once `choreo test` exists. CI calls this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh

echo "== swift build"
swift build --build-tests

echo "== swift test"
swift test --skip-build

if [[ -d Tests/Scenes ]] && ls Tests/Scenes/*_test.lua >/dev/null 2>&1; then
  echo "== choreo test Tests/Scenes"
  "$(swift build --show-bin-path)/choreo" test Tests/Scenes
fi

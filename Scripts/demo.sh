#!/usr/bin/env bash
# The main job of Choreo, headless. Until the renderer lands (issue 8), the most real thing the
# project shows is its timing core: the named curves side by side, then a spring and an
# overshooting Bézier evaluated with their velocities.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh >/dev/null
swift build -c release --product choreo >/dev/null
choreo="$(swift build -c release --show-bin-path)/choreo"

echo "== The named timing curves (progress at t)"
"$choreo" curves table --steps 10
echo
echo "== An overshooting Bézier: cubic-bezier(0.57, -0.4, 0.96, 0.87)"
"$choreo" curves eval "cubic-bezier(0.57,-0.4,0.96,0.87)" 0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1
echo
echo "== A CASpringAnimation spring (mass 1, stiffness 100, damping 10) beside CSS steps and linear()"
"$choreo" curves table "spring(1, 100, 10)" "steps(4, jump-end)" "linear(0, 0.9 60%, 1)" --steps 10

#!/usr/bin/env bash
# The main job of Choreo, headless: render the Flight Info example (the seed's demo app, every
# kind of animation at once) to an animated GIF and a contact sheet in out/, and say where they are.
#
#   Scripts/demo.sh            # out/flight-info.gif and out/flight-info-sheet.png
#   Scripts/demo.sh OTHER.lua  # any scene (it runs 2.5 s → 8.5 s: two flight changes for Flight Info)
set -euo pipefail
cd "$(dirname "$0")/.."

scene="${1:-Scripts/Examples/flight-info.lua}"

Scripts/setup.sh >/dev/null
echo "== swift build -c release"
log="$(mktemp)"
if ! swift build -c release --product choreo >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
tail -1 "$log"
rm -f "$log"
choreo="$(swift build -c release --show-bin-path)/choreo"

# The example never stops (the flight changes every 3 s), so render a window of it: the changes
# at 3 s and 6 s, at 30 frames a second.
echo "== choreo render $scene"
"$choreo" render "$scene" --out out --from 2.5 --to 8.5 --fps 30 --format gif
"$choreo" render "$scene" --out out --from 2.9 --to 4.1 --fps 10 --format sheet

name="$(basename "$scene" .lua)"
echo
echo "Open these:"
echo "  $(pwd)/out/$name.gif          the animation (GIF, loops)"
echo "  $(pwd)/out/$name-sheet.png    a contact sheet: the first flight change, frame by frame"

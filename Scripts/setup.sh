#!/usr/bin/env bash
# Installs the Debian packages Choreo builds against. Idempotent: when everything is present it
# only checks (well under a second) and installs nothing. Runs as root, or through sudo.
#
#   Scripts/setup.sh          install what is missing
#   Scripts/setup.sh --check  only report what is missing (exit 1 if anything is)
set -euo pipefail

# libsdl2-dev: `choreo preview`'s window; libxcb-present-dev (with libxcb1-dev): its vblank times
# from the X Present extension. xvfb, xauth, xdotool, x11-apps: the preview's tests run it in a
# virtual X server (Xvfb through xvfb-run), send it keys (xdotool) and take screenshots (xwd).
packages=(pkg-config liblua5.4-dev libcairo2-dev libgif-dev fonts-dejavu-core
          libsdl2-dev libxcb1-dev libxcb-present-dev xvfb xauth xdotool x11-apps)

# One dpkg-query for all: the check stays well under a second when everything is there.
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${packages[@]}" 2>/dev/null || true)
missing=()
for p in "${packages[@]}"; do
  grep -qx "$p install ok installed" <<<"$installed" || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all build dependencies present (${packages[*]})"
  exit 0
fi

if [[ "${1:-}" == "--check" ]]; then
  echo "setup: missing: ${missing[*]}" >&2
  exit 1
fi

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "setup: these Debian packages are missing: ${missing[*]}" >&2
  echo "setup: installing them needs root; run this script as root, or give this user" >&2
  echo "setup: password-less sudo, or run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"

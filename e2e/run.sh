#!/usr/bin/env bash
# Browser tests: installs Chromium, its driver, selenium and pytest when missing, builds `petspot`,
# then runs pytest (its fixture starts and stops the server). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! command -v pdftoppm >/dev/null \
   || ! command -v zbarimg >/dev/null; then
  apt-get update
  # poppler-utils and zbar-tools read the printed flyer (pages, QR code).
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver poppler-utils zbar-tools
fi
if ! python3 -c "import selenium, pytest" 2>/dev/null; then
  python3 -m pip install --quiet selenium pytest
fi
# axe-core 4.x for test_accessibility.py: only the axe.min.js this package ships is read (the playwright it
# pulls in is never imported or started; axe-selenium-python would bring axe-core 3.1.1, too old).
if ! python3 -c "import axe_playwright_python" 2>/dev/null; then
  python3 -m pip install --quiet axe-playwright-python
fi

# PETSPOT_BINARY: the server to test (.ci/run passes its release build); otherwise the debug build.
if [ -z "${PETSPOT_BINARY:-}" ]; then
  swift build --product petspot > /tmp/petspot-e2e-build.log 2>&1 || { tail -50 /tmp/petspot-e2e-build.log; exit 1; }
  export PETSPOT_BINARY="$(swift build --product petspot --show-bin-path)/petspot"
fi
export PETSPOT_BINARY
# Search by photo needs the look-alikes model: .build/looks-model unless PETSPOT_LOOKS_DIR says otherwise.
export PETSPOT_LOOKS_DIR="${PETSPOT_LOOKS_DIR:-$PWD/.build/looks-model}"
if ! [ -f "$PETSPOT_LOOKS_DIR/efficientnet-lite0.onnx" ]; then
  python3 Sources/PetSpotLooks/Resources/look-alikes-model.py --install "$PETSPOT_LOOKS_DIR" > /dev/null || exit 1
fi
# Arguments name what to run (`e2e/run.sh e2e/test_search_plan.py`, `-k axe`); none: the whole suite.
if [ $# -eq 0 ] || [[ "$1" == -* ]]; then set -- e2e "$@"; fi
# E2E_WORKERS browsers and servers at once (pytest-xdist); 1 runs them one after another.
workers=${E2E_WORKERS:-2}
if [ "$workers" -gt 1 ] && ! python3 -c "import xdist" 2>/dev/null; then python3 -m pip install --quiet pytest-xdist; fi
if [ "$workers" -gt 1 ]; then set -- -n "$workers" --dist loadfile "$@"; fi
python3 -m pytest -q -p no:cacheprovider --durations=15 "$@"

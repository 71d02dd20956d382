#!/usr/bin/env bash
# What CI needs that a fresh machine lacks, installed at once: one apt-get run for every Debian package,
# then the Python packages (the browser tests' and moto's), then schemathesis's own virtual environment.
# .ci/run starts it in the background while the Swift build runs, and waits for it before the tests.
# Each tool's script (postgres.sh, s3.sh, e2e/run.sh, schemathesis.sh) still installs what it misses
# when run alone.
set -uo pipefail
cd "$(dirname "$0")/.."

packages=()
need() { packages+=("$1"); }
command -v vipsthumbnail > /dev/null || need libvips-tools         # the lists' thumbnails
[ -f /usr/share/javascript/leaflet/leaflet.js ] || need libjs-leaflet  # the web maps
command -v zbarimg > /dev/null || need zbar-tools                  # the QR codes' real decoder
command -v chromium > /dev/null || need chromium                   # the browser tests
command -v chromedriver > /dev/null || need chromium-driver
command -v pdftoppm > /dev/null || need poppler-utils              # the printed flyer's pages
command -v wrk > /dev/null || need wrk                             # the hot-path guard's load
ls -d /usr/lib/postgresql/*/bin > /dev/null 2>&1 || need postgresql
[ -f /usr/share/zoneinfo/zone1970.tab ] || need tzdata             # local times of sightings
ldconfig -p | grep -q libturbojpeg.so.0 || need libturbojpeg0     # look-alikes: JPEG photos decoded
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing ${packages[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" || exit 1
fi

python=()
python3 -c "import selenium, pytest" 2> /dev/null || python+=(selenium pytest)
python3 -c "import axe_playwright_python" 2> /dev/null || python+=(axe-playwright-python)
python3 -c "import xdist" 2> /dev/null || python+=(pytest-xdist)
{ command -v moto_server > /dev/null && python3 -c "import moto.server, flask_cors, boto3" 2> /dev/null; } || python+=('moto[server]')
if [ ${#python[@]} -gt 0 ]; then
  echo "installing ${python[*]}"
  python3 -m pip install --quiet "${python[@]}" || exit 1
fi

# The look-alikes model, as `petspot model install --looks-dir .build/looks-model` writes it (the same script).
if ! [ -f .build/looks-model/efficientnet-lite0.onnx ]; then
  echo "installing the look-alikes model"
  mkdir -p .build && python3 Sources/PetSpotLooks/Resources/look-alikes-model.py --install .build/looks-model || exit 1
fi

# schemathesis.sh finds it here and installs nothing more.
. .ci/schemathesis-version.sh
venv=${SCHEMATHESIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/petspot/schemathesis-$ST_VERSION}
if ! "$venv/bin/st" --version 2> /dev/null | grep -q "$ST_VERSION"; then
  echo "installing schemathesis $ST_VERSION"
  python3 -m venv "$venv" && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$ST_VERSION" || exit 1
fi
echo "installed"

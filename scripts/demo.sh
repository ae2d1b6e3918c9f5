#!/usr/bin/env bash
# Sets up what is missing, builds the app, and runs its demo: a separate demo store filled
# with a few movies, then listed. Your own catalog is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --product movies
exec .build/debug/movies demo

#!/usr/bin/env bash
# Typechecks AmbientUI, the usage fixture, the samples of the "Screens and their models" and
# "Getting started in an Xcode app" articles and the SwiftUI example app against the iPhoneOS
# 17.4 SDK, plain and with SIM18=1 (iOS 18's main-actor View and preview modifiers), and the
# articles' samples and the example app also as a new Xcode app target compiles them (APP=1:
# default main-actor isolation, approachable concurrency). They declare the same names, so each is its own module. Needs the SDK (see
# ../shared/tools/ios-typecheck.sh); exits non-zero when any run fails or warns.
set -uo pipefail
cd "$(dirname "$0")/../.."
TYPECHECK=${TYPECHECK:-../shared/tools/ios-typecheck.sh}
failed=0
screens=Tests/AppleTypecheck/ScreensAndTheirModels.swift
start=Tests/AppleTypecheck/GettingStartedInAnXcodeApp.swift
example=$(ls Examples/ItemsApp/*.swift | tr '\n' ' ')
for sim in 0 1; do
  # "APP files…": each run is one module.
  for run in "0 Tests/AppleTypecheck/AmbientUIUsage.swift" "0 $screens" "1 $screens" "0 $start" "1 $start" \
    "0 $example" "1 $example"; do
    app=${run%% *}
    files=${run#* }
    echo "== SIM18=$sim APP=$app $files"
    # shellcheck disable=SC2086
    out=$(APP=$app SIM18=$sim bash "$TYPECHECK" . $files 2>&1)
    echo "$out" | grep -E 'error:|warning:|failing steps'
    if ! echo "$out" | grep -q 'failing steps: 0' || echo "$out" | grep -qE '[1-9][0-9]* warning lines'; then failed=1; fi
  done
done
exit $failed

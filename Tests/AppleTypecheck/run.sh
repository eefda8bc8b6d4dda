#!/usr/bin/env bash
# Typechecks what an iOS developer compiles against real iPhoneOS SDKs (../shared/tools/ios-typecheck.sh):
# Ambient and AmbientUI, the example app (Examples/ItemsApp), every Swift sample of the README and
# of the DocC articles that an app would contain, each compiled as a module of its own with only
# the imports it shows (samples.py), and an app using every AmbientUI API at the package's iOS 13
# deployment target (Usage/). For each SDK, IOS=17 (the 17.4 SDK, SIM18=0),
# 18 (18.6) and 26 (26.2), and each way an app target compiles, APP=0 (the package's Swift 6
# settings), 1 (Xcode 26's app template switched to Swift 6) and xcode26 (the template as it is:
# Swift 5 mode, default MainActor isolation, approachable concurrency, MemberImportVisibility),
# with the example's deployment target, iOS 17.0, and on the 26.2 SDK with iOS 26.0 too, where
# what the SDK deprecates by 26 warns. Ambient and AmbientUI are compiled once per SDK.
#
# `#Preview` expands through a stand-in for Xcode's plugin (PreviewsMacros/, built here against
# the toolchain's SwiftSyntax); see swiftc-wrapper.sh for how the script's commands are extended.
# Knobs: IOSES="17 18 26", APPS="0 1 xcode26", JOBS=2 (compiles at once), ONLY=regex (samples by
# name, as Document-L<line>), TYPECHECK (the script). Prints each step's errors and warnings and a
# summary; exits non-zero when anything failed or warned, or a sample's context no longer fits.
set -uo pipefail
cd "$(dirname "$0")/../.."
TYPECHECK=${TYPECHECK:-../shared/tools/ios-typecheck.sh}
IOSES=${IOSES:-17 18 26}
APPS=${APPS:-0 1 xcode26}
JOBS=${JOBS:-2}
ONLY=${ONLY:-}
HERE=Tests/AppleTypecheck
WORK=$PWD/.build/apple-typecheck
SWIFTC=$(command -v swiftc)
TOOLCHAIN=$(cd "$(dirname "$(readlink -f "$SWIFTC")")/.." && pwd)
mkdir -p "$WORK/toolchain/usr/bin"
started=$SECONDS
failed=0

# The stand-in plugin, rebuilt when its source changes.
# (The compiler takes the plugin's module name from the library's file name.)
PLUGIN=$WORK/plugin-$(md5sum "$HERE/PreviewsMacros/PreviewsMacros.swift" | cut -c1-10)/libPreviewsMacros.so
if [ ! -f "$PLUGIN" ]; then
  mkdir -p "$(dirname "$PLUGIN")"
  echo "== building the #Preview stand-in plugin"
  HOST=$TOOLCHAIN/lib/swift/host
  "$SWIFTC" -emit-library -module-name PreviewsMacros -I "$HOST" -L "$HOST" -lSwiftSyntax -lSwiftSyntaxMacros \
    -lSwiftSyntaxBuilder -Xlinker -rpath -Xlinker "$HOST" "$HERE/PreviewsMacros/PreviewsMacros.swift" -o "$PLUGIN" ||
    exit 1
fi
cp "$HERE/swiftc-wrapper.sh" "$WORK/toolchain/usr/bin/swiftc"
chmod +x "$WORK/toolchain/usr/bin/swiftc"
ln -sfn "$TOOLCHAIN/lib" "$WORK/toolchain/usr/lib"

echo "== the samples of README.md and Sources/*/*.docc"
python3 "$HERE/samples.py" . "$WORK/samples" || failed=1

EXAMPLE=$(ls Examples/ItemsApp/*.swift)
summary=()
for ios in $IOSES; do
  arch=arm64
  targets="17.0"
  if [ "$ios" = 26 ]; then arch=arm64e targets="17.0 26.0"; fi
  reuse=0
  for app in $APPS; do
    for version in $targets; do
      target=$arch-apple-ios$version
      echo
      echo "==== IOS=$ios APP=$app USER_TARGET=$target"
      t0=$SECONDS
      # shellcheck disable=SC2086
      out=$(PATH="$WORK/toolchain/usr/bin:$PATH" AT_SWIFTC="$SWIFTC" AT_PLUGIN="$PLUGIN" AT_RECORD="$WORK/command" \
        AT_REUSE_LIBRARIES=$reuse IOS=$ios APP=$app SIM18=0 USER_TARGET=$target bash "$TYPECHECK" . $EXAMPLE 2>&1)
      if [ $reuse = 1 ]; then
        # Ambient and AmbientUI were compiled by this SDK's first run, above.
        echo "$out" | sed -n '/^== 5-user-typecheck/,$p'
      else
        echo "$out"
      fi
      steps=$(echo "$out" | sed -n 's/^== failing steps: //p')
      example_errors=$(echo "$out" | grep -c ': error: ')
      example_warnings=$(echo "$out" | grep -c ': warning: ')
      if [ "$steps" != 0 ] || [ "$example_warnings" != 0 ]; then failed=1; fi
      reuse=1
      echo "== the samples, each its own module, and Usage/ at iOS 13.0"
      samples=$(python3 "$HERE/compile_samples.py" "$WORK/samples" "$WORK/command" --jobs "$JOBS" ${ONLY:+--only "$ONLY"})
      status=$?
      echo "$samples"
      # The `--only` that matches no sample leaves the one extra file.
      usage=$(python3 "$HERE/compile_samples.py" "$WORK/samples" "$WORK/command" --only '^$' \
        --target "$arch-apple-ios13.0" --extra "$HERE/Usage")
      status=$((status + $?))
      echo "$usage" | grep -v '^   samples: '
      [ $status = 0 ] || failed=1
      summary+=("$(printf 'IOS=%-2s APP=%-7s %-20s example: %s failing steps, %s errors, %s warnings | %s | usage: %s   (%ss)' \
        "$ios" "$app" "$target" "${steps:-?}" "$example_errors" "$example_warnings" \
        "$(echo "$samples" | sed -n 's/^   samples: //p')" \
        "$(echo "$usage" | sed -n 's/^   samples: 1 compiled, //p')" $((SECONDS - t0)))")
    done
  done
done

echo
echo "== summary ($((SECONDS - started))s)"
printf '%s\n' "${summary[@]}"
exit $failed

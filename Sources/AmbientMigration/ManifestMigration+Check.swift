extension ManifestMigration {
  /// Asks `check` whether the migrated manifest loads, and lists SwiftPM's error when it does
  /// not (or when SwiftPM cannot be asked), which holds back every change.
  mutating func check(original: String, rootName: String, with check: ManifestCheck) {
    do {
      guard let error = try check.load(text, rootName) else { return }
      var detail = "SwiftPM would not load it rewritten: `\(error)`"
      if let before = try check.load(original, rootName) {
        detail += before == error ? " (nor as it is)" : " (nor as it is: `\(before)`)"
      }
      rewritten.record("manifest-load", at: nil, detail)
    } catch {
      rewritten.record(
        "manifest-load", at: nil, "not checked: \(error)",
        fix:
          "Nothing is written: run the tool where `swift` is on the PATH, or pass `--swift` with the path of the `swift` you build with"
      )
    }
  }

  /// Notes that only toolchains before Swift 6.0 read this manifest, which cannot build Ambient.
  mutating func adviseOldToolchains() {
    rewritten.record(
      "manifest-old-toolchain", at: nil,
      "`\(path)` is read only by Swift toolchains before 6.0 (a `Package@swift-*.swift` serves the later ones)")
  }
}

import Ambient

/// Where ``CountedKey`` records each build of its default values. A dependency itself, so
/// that each test (or each set of values) counts its own builds even when tests run in parallel.
final class BuildLog: Sendable {
  private let entries = LockIsolated<[String]>([])

  func record(_ entry: String) {
    entries.withValue { $0.append(entry) }
  }

  /// How many times `entry` was recorded.
  func count(_ entry: String) -> Int {
    entries.value.filter { $0 == entry }.count
  }

  var all: [String] { entries.value }
}

enum BuildLogKey: DependencyKey {
  static var liveValue: BuildLog { BuildLog() }
  static var testValue: BuildLog { BuildLog() }
}

/// A default value built by ``CountedKey``: a reference, so tests can tell one build from another.
final class Built: Sendable {
  let context: DependencyContext
  init(context: DependencyContext) { self.context = context }
}

/// A key whose every default value records its build, as `"<Tag>.<context>"`, in the build
/// log of the values it is built with. Each `Tag` is a separate key.
enum CountedKey<Tag>: DependencyKey {
  static var liveValue: Built { build(.live) }
  static var previewValue: Built { build(.preview) }
  static var testValue: Built { build(.test) }

  private static func build(_ context: DependencyContext) -> Built {
    DependencyValues._current.buildLog.record("\(Tag.self).\(context)")
    return Built(context: context)
  }
}

enum First {}
enum Second {}

extension DependencyValues {
  var buildLog: BuildLog {
    get { self[BuildLogKey.self] }
    set { self[BuildLogKey.self] = newValue }
  }

  /// Values over a new root in `context`, with a build log of their own.
  static func counting(_ context: DependencyContext, log: BuildLog) -> DependencyValues {
    var values = DependencyValues.freshRoot(context)
    values.buildLog = log
    return values
  }
}

import Ambient

/// Keys that say which of their values a read got, one per shape of the cascade.

/// Declares live, preview and test values.
enum AllValuesKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
  static let testValue = "test"
}

/// Declares live and preview values, no test value.
enum LiveAndPreviewKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
}

/// Declares only a live value.
enum LiveOnlyKey: DependencyKey {
  static let liveValue = "live"
}

/// Declares only a test value (and is read in the live context by some tests).
enum TestOnlyKey: TestDependencyKey {
  static let testValue = "test"
}

/// Declares test and preview values, no live value.
enum TestAndPreviewKey: TestDependencyKey {
  static let testValue = "test"
  static let previewValue = "preview"
}

/// A dependency that is its own key (`Value == Self`).
struct Palette: DependencyKey, Equatable {
  var name: String
  static let liveValue = Palette(name: "live")
  static let testValue = Palette(name: "test")
}

/// A struct-of-closures client with a scalar endpoint, for scoped key paths.
struct Endpoints: DependencyKey {
  var baseURL: String
  var fetch: @Sendable (Int) -> String
  static let liveValue = Endpoints(baseURL: "https://live.example", fetch: { "live \($0)" })
  static let testValue = Endpoints(baseURL: "https://test.example", fetch: { "test \($0)" })
}

extension DependencyValues {
  var allValues: String {
    get { self[AllValuesKey.self] }
    set { self[AllValuesKey.self] = newValue }
  }

  var liveAndPreview: String {
    get { self[LiveAndPreviewKey.self] }
    set { self[LiveAndPreviewKey.self] = newValue }
  }

  var liveOnly: String {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }

  var testOnly: String {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }

  var testAndPreview: String {
    get { self[TestAndPreviewKey.self] }
    set { self[TestAndPreviewKey.self] = newValue }
  }

  var palette: Palette {
    get { self[Palette.self] }
    set { self[Palette.self] = newValue }
  }

  var endpoints: Endpoints {
    get { self[Endpoints.self] }
    set { self[Endpoints.self] = newValue }
  }
}

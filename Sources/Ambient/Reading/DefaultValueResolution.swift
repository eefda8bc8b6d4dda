/// Which of a key's values a context uses: the live → preview → test cascade.
enum DefaultValueResolution {
  static func value<Key: TestDependencyKey>(for key: Key.Type, in context: DependencyContext) -> Key.Value {
    switch context {
    case .live:
      if let live = liveValue(of: key) { return live }
      report(.noLiveValue, for: key)
      return Key.testValue
    case .preview:
      return Key.previewValue
    case .test:
      return Key.testValue
    }
  }

  /// The live value, when the key has one (conforms to ``DependencyKey``).
  private static func liveValue<Key: TestDependencyKey>(of _: Key.Type) -> Key.Value? {
    guard let live = Key.self as? any DependencyKey.Type else { return nil }
    func open<Live: DependencyKey>(_: Live.Type) -> any Sendable { Live.liveValue }
    return open(live) as? Key.Value
  }

  static func report<Key: TestDependencyKey>(_ kind: IssueMessage.MissingValue, for _: Key.Type) {
    // A value read only so that it can be overridden was not reached by the test.
    guard !DependencyValues.isUpdating else { return }
    let site = ReadSite.current
    let message = IssueMessage.missingValue(
      kind,
      dependency: site?.dependencyDescription(key: Key.self) ?? "\(typeName(Key.self)).self",
      keyType: typeName(Key.self),
      valueType: typeName(Key.Value.self),
      site: site
    )
    let fallback = SourceLocation(
      fileID: "Ambient/DependencyValues.swift", filePath: "Ambient/DependencyValues.swift", line: 0, column: 0)
    reportIssue(message.description, at: site?.declaration ?? fallback)
  }
}
